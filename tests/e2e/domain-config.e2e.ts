import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshot, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Opens a demo domain's detail from the list, as a user would. */
async function openDomain(page: Page, name: string) {
  await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.waitForURL(/#\/cdn\/domain\/detail\?id=/);
}

const tabs = ['basic', 'origin', 'cache', 'https', 'access', 'performance', 'advanced', 'history'] as const;

describe('domain configuration', () => {
  it('shows a message for a wrong cache rule, a field-level diff, applies it offline once, and reverts it from the history', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    // The service worker controls the page, so the console reloads offline.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await openDomain(page, 'www.demo-media.cn');
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByRole('tab', { name: 'Cache' }).click();
    await expect.poll(() => page.url()).toContain('section=cache');
    const card = page.locator('#section-domainCache');
    await card.getByRole('cell', { name: '/index.html' }).waitFor();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('button', { name: 'Add a rule' }).click();
    const content = card.getByLabel('Content 5');
    await content.fill('mp3 ogg');
    await card.getByRole('button', { name: 'Review changes' }).click();
    await card
      .getByText('Enter file suffixes of letters and digits, separated by commas, e.g. jpg,png')
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'domain-config-cache-error-en_US-desktop');

    // Corrected: what was typed is kept, the review shows the added rule field by field.
    await content.fill('mp3,ogg');
    await card.getByRole('button', { name: 'Review changes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Rules #5').waitFor();
    expect(await dialog.getByText(/Content: mp3,ogg/).count()).toBe(1);
    await screenshot(page, 'domain-config-cache-diff-en_US-desktop');

    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('Pending sync').waitFor();
    await card.getByRole('cell', { name: 'mp3,ogg' }).waitFor();

    // Reloaded offline: the edit waits on the device, the section shows it.
    await page.reload();
    await card.getByText('Pending sync').waitFor();
    await card.getByRole('cell', { name: 'mp3,ogg' }).waitFor();

    await context.setOffline(false);
    await card.getByText('Pending sync').waitFor({ state: 'detached', timeout: 30_000 });
    await card.getByText(/^Version 3 ·/).waitFor();

    // Applied exactly once: one new version in the history, after the two of the demo data.
    await page.getByRole('tab', { name: 'History' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    await expect.poll(() => versions.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'domain-config-history-en_US-desktop');

    // Revert to version 2: a command like any other, the rule gone again.
    await versions
      .locator('tbody tr')
      .filter({ hasText: /^2/ })
      .getByRole('button', { name: 'Revert to this version' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
    await expect.poll(() => versions.locator('tbody tr').count(), { timeout: 30_000 }).toBe(4);
    await page.getByRole('tab', { name: 'Cache' }).click();
    await card.getByText(/^Version 4 ·/).waitFor();
    expect(await card.getByRole('cell', { name: 'mp3,ogg' }).count()).toBe(0);
    await context.close();
  });

  it('keeps a work-order domain read-only, and a tab in the address', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await openDomain(page, 'pay.demo-shop.com');
    const url = page.url();
    await page.goto(`${url}&section=https`);
    const card = page.locator('#section-domainHttps');
    await card.getByText('Forced HTTPS').waitFor();
    expect(await card.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'HTTPS' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('shows a history read once online again offline, with the time it was read', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await openDomain(page, 'img.demo-shop.com');
    const url = page.url();
    await page.goto(`${url}&section=history`);
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    const online = await versions.locator('tbody tr').count();
    expect(online).toBeGreaterThan(0);
    expect(await page.getByText(/^Data as of /).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await versions.waitFor();
    expect(await versions.locator('tbody tr').count()).toBe(online);
    // The detail's own line, and the history's.
    await expect.poll(() => page.getByText(/^Data as of \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).count()).toBe(2);
    await screenshots(page, 'domain-config-history-offline-en_US');
    await context.close();
  });

  for (const language of ['en_US', 'zh_CN'] as const)
    it(`shows every tab of a configured domain (${language})`, async () => {
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'demo');
      await openDomain(page, 'vod.demo-media.cn');
      const url = page.url();
      for (const tab of tabs) {
        await page.goto(tab === 'basic' ? url : `${url}&section=${tab}`);
        await page.getByRole('tabpanel').first().waitFor();
        if (tab !== 'basic' && tab !== 'history')
          await page.locator('[id^="section-"]:visible').first().waitFor();
        if (tab === 'history') await page.getByRole('table', { name: /Versions|版本列表/ }).waitFor();
        await screenshots(page, `domain-config-${tab}-${language}`);
      }
      // The URL authentication (type B): a URL signed here checks valid; one signed in type A says
      // the domain's authentication algorithm does not match (spec §8).
      await page.goto(`${url}&section=access`);
      const zh = language === 'zh_CN';
      await page.getByLabel(zh ? '文件路径' : 'File path').fill('/video/intro.mp4');
      await page.getByRole('button', { name: zh ? '生成' : 'Generate', exact: true }).click();
      const made = (await page.locator('output').filter({ hasText: '/video/intro.mp4' }).textContent()) ?? '';
      const check = page.getByLabel(zh ? '签名 URL' : 'Signed URL');
      const run = page.getByRole('button', { name: zh ? '校验' : 'Check', exact: true });
      await check.fill(made);
      await run.click();
      await page
        .getByRole('status')
        .filter({ hasText: zh ? /^有效：按 B 类型签名/ : /^Valid: signed with type B/ })
        .waitFor();
      await check.fill(
        'http://vod.demo-media.cn/video/intro.mp4?auth_key=1700000000-0-0-0123456789abcdef0123456789abcdef',
      );
      await run.click();
      await page
        .getByText(
          zh
            ? '域名鉴权算法不匹配：该 URL 按 A 类型签名，而域名使用 B 类型。'
            : "The domain's authentication algorithm does not match: the URL is signed with type A, the domain uses type B.",
        )
        .scrollIntoViewIfNeeded();
      await screenshots(page, `domain-config-signed-url-check-${language}`);

      // An edit with errors, in this language.
      const access = page.locator('#section-domainAccess');
      await access.getByRole('button').first().click();
      await access.getByRole('checkbox').first().check({ force: true });
      await access.getByRole('textbox').first().fill('10.0.0.1\n10.0.0.0/8\nnot-an-ip');
      await access
        .getByRole('button')
        .filter({ hasText: /Review changes|预览更改/ })
        .click();
      await access.locator('[data-part="error-text"]').first().waitFor();
      await screenshots(page, `domain-config-access-error-${language}`);
      // Corrected, the review shows the change field by field.
      await access.getByRole('textbox').first().fill('10.0.0.1\n192.0.2.0/24');
      await access
        .getByRole('button')
        .filter({ hasText: /Review changes|预览更改/ })
        .click();
      await page.getByRole('dialog').getByRole('table').waitFor();
      await screenshots(page, `domain-config-access-diff-${language}`);
      await page.keyboard.press('Escape');
      // The UA list with its match mode and whether requests without the header pass.
      await access.getByRole('checkbox', { name: /^(UA list|UA 黑白名单)$/ }).check({ force: true });
      const match = access.getByRole('combobox', { name: /^(Match|匹配方式)$/ }).first();
      await match.waitFor();
      await match.scrollIntoViewIfNeeded();
      await screenshots(page, `domain-config-access-lists-${language}`);

      // Every section in its edit form.
      for (const tab of tabs) {
        if (tab === 'basic' || tab === 'history') continue;
        await page.goto(`${url}&section=${tab}`);
        const cards = page.locator('[id^="section-"]:visible');
        await cards.first().waitFor();
        for (let i = 0; i < (await cards.count()); i++)
          await cards
            .nth(i)
            .getByRole('button', { name: /^(Edit|编辑)$/ })
            .click();
        await screenshots(page, `domain-config-${tab}-edit-${language}`);
        await page.reload();
      }
      await context.close();
    });
});
