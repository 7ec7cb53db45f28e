import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  newContext,
  openAccountMenu,
  preferLanguage,
  screenshots,
  signIn,
  useBrowser,
} from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const accountButtons = (page: Page) => page.getByRole('list').last().getByRole('button');

describe('account menu and logout', () => {
  it('shows 50 of the channel account’s accounts, active first, finds the 60th and switches to it', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'channel');
    await openAccountMenu(page);
    await expect.poll(() => accountButtons(page).count()).toBe(50);
    const first = accountButtons(page).first();
    expect(await first.getAttribute('aria-current')).toBe('true');
    expect(await first.textContent()).toContain('channel');
    await page
      .getByRole('note')
      .filter({ hasText: /Showing 50 of 61/ })
      .waitFor();
    expect(await accountButtons(page).filter({ hasText: 'customer60' }).count()).toBe(0);

    // Offline, switching would only fail: the other accounts are disabled and the menu says why.
    await context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: 'Offline: switching accounts needs the connection.' })
      .waitFor();
    expect(await accountButtons(page).nth(1).isDisabled()).toBe(true);
    await screenshots(page, 'account-menu-offline-en_US');
    await context.setOffline(false);
    await expect.poll(() => accountButtons(page).nth(1).isDisabled()).toBe(false);

    await page.getByRole('searchbox').fill('CUSTOMER60');
    await expect.poll(() => accountButtons(page).count()).toBe(1);
    await Promise.all([page.waitForEvent('load'), accountButtons(page).first().click()]);
    await page.waitForURL(/#\/cdn\/dashboard$/);
    await page.getByRole('button', { name: 'Switch account: customer60' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('cdn_active_account'))).toMatch(/^\d+$/);
    // The server agrees: the active account is the one switched to.
    const info = await page.evaluate(async () => {
      const res = await fetch('/v3/customer/customer/loginInfo', {
        headers: { Authorization: `Bearer ${localStorage.getItem('cdn_token')}` },
      });
      return (await res.json()) as { data: { view_id: number; login: string } };
    });
    expect(info.data.login).toBe('customer60');
    await context.close();
  });

  for (const [login, canvas, logoutPath] of [
    ['demo', false, '/portal/logout'],
    ['canvas', true, '/canvas/logout'],
  ] as const) {
    it(`logs ${login} out: no token left in local storage, lands on ${logoutPath}`, async () => {
      const context = await newContext(browser);
      await preferLanguage(context, 'en_US');
      const page = await context.newPage();
      await signIn(page, baseUrl, login, { canvas });
      await page.evaluate(() => localStorage.setItem('other_token_cache', 'x'));
      const token = await page.evaluate(() => localStorage.getItem('cdn_token'));
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === logoutPath);
      await page.getByText('You have signed out.').waitFor();
      const keys = await page.evaluate(() => Object.keys(localStorage));
      expect(keys.filter((k) => k.includes('token'))).toEqual([]);
      expect(keys).toContain('cdn_language');
      const session = await page.evaluate(() => [
        sessionStorage.getItem('cdn_active_account'),
        sessionStorage.getItem('cdn_account_source'),
      ]);
      expect(session).toEqual([null, null]);
      // The token was revoked on the server, not only forgotten.
      const status = await page.evaluate(async (t) => {
        const res = await fetch('/account/user/validate', { headers: { Authorization: `Bearer ${t}` } });
        return ((await res.json()) as { code: number }).code;
      }, token);
      expect(status).toBe(40101);
      await context.close();
    });
  }
});
