import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  demoPassword,
  newContext,
  preferLanguage,
  screenshots,
  settled,
  useBrowser,
} from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** What has the focus: its role or tag, its name as a user would read it, and whether it shows the focus. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { role: 'body', name: '', visible: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return {
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      name: name.trim(),
      visible: el.matches(':focus-visible'),
    };
  });
}

/**
 * Presses Tab until the focus is on an element of `role` whose name matches (at once when it is
 * there already), as a keyboard user would; fails after `max` presses. Every element met on the
 * way shows the focus.
 */
async function tabTo(page: Page, role: string, name: RegExp, max = 80) {
  for (let i = 0; i <= max; i += 1) {
    const now = await focused(page);
    if (now.role === role && name.test(now.name)) return;
    await page.keyboard.press('Tab');
    const next = await focused(page);
    if (next.role !== 'body') expect(next.visible, `${next.role} "${next.name}" shows the focus`).toBe(true);
  }
  throw new Error(`no ${role} named ${name} within ${max} presses of Tab`);
}

describe('the console by keyboard alone', () => {
  // A domain and an address no other journey changes: the journeys of a run may share a server.
  it('finds a domain in the palette, changes a cache rule, reviews and applies it, and bans an IP from the palette', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();

    // Sign-in: typed, then Enter.
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/portal\/login\?/);
    await tabTo(page, 'input', /Username/);
    await page.keyboard.type('demo');
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/cdn\/dashboard/);
    await page.locator('#dashboard-domains').waitFor();

    // The first Tab offers the way past the top bar and the menu.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Skip to content', visible: true });

    // The palette: Ctrl-K, a domain by part of its name, Enter.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or do' });
    await palette.waitFor();
    expect(await focused(page)).toMatchObject({ role: 'combobox' });
    await page.keyboard.type('fonts.demo');
    await palette.getByRole('option', { name: /fonts\.demo-shop\.com/ }).waitFor();
    await screenshots(page, 'palette-domain-en_US');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/#\/cdn\/domain\/detail\?id=/);
    await palette.waitFor({ state: 'detached' });

    // Its cache section: Tab to the selected tab, arrows to Cache.
    await tabTo(page, 'tab', /^Basic/);
    for (const next of ['Back-to-origin', 'Cache']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await focused(page)).name).toBe(next);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('section=cache');
    const card = page.locator('#section-domainCache');
    await card.getByRole('button', { name: 'Edit' }).waitFor();
    const rule = (await card.locator('tbody tr').count()) + 1;

    // Edit, add a rule, type its content, review the change and apply it.
    await tabTo(page, 'button', /^Edit$/);
    await page.keyboard.press('Enter');
    await tabTo(page, 'button', /^Add a rule$/);
    await page.keyboard.press('Enter');
    await tabTo(page, 'input', new RegExp(`^Content ${rule}$`));
    await page.keyboard.type('woff2');
    await tabTo(page, 'button', /^Review changes$/);
    await page.keyboard.press('Enter');
    const review = page.getByRole('dialog');
    await review.getByText(`Rules #${rule}`).waitFor();
    await tabTo(page, 'button', /^Apply$/);
    await page.keyboard.press('Enter');
    await review.waitFor({ state: 'detached' });
    await card.getByRole('cell', { name: 'woff2' }).waitFor();
    await card.getByText('Pending sync').waitFor({ state: 'detached', timeout: 30_000 });

    // A dialog gives the focus back: the palette opened from a button and closed with Escape.
    await tabTo(page, 'button', /^Edit$/);
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await settled(page);
    expect(await focused(page)).toMatchObject({ role: 'button', name: 'Edit' });

    // Ban an IP from the palette: the ban dialog opens with the focus in its first field.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('ban');
    await palette.getByRole('option', { name: 'Ban an IP address' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/#\/cdn\/ip-ban/);
    const banDialog = page.getByRole('dialog');
    await banDialog.getByText('IP addresses or CIDR ranges').waitFor();
    expect(await focused(page)).toMatchObject({ name: /IP addresses or CIDR ranges/ });
    await page.keyboard.type('100.72.5.77');
    await banDialog.getByText('1 IP or range will be banned.').waitFor();
    await tabTo(page, 'button', /^Ban$/);
    await page.keyboard.press('Enter');
    const list = page.getByRole('table', { name: 'Ban list' });
    await list.getByRole('row').filter({ hasText: '100.72.5.77' }).waitFor();
    await list
      .getByRole('row')
      .filter({ hasText: '100.72.5.77' })
      .getByText('Pending sync')
      .waitFor({ state: 'detached', timeout: 30_000 });
    await context.close();
  });
});
