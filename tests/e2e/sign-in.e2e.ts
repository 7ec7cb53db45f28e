import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('sign-in, language and the menu', () => {
  it('signs in through the portal and lands on the dashboard in Chinese', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/portal\/login\?/);
    expect(new URL(page.url()).searchParams.get('state')).toMatch(/^[0-9a-f]{16,}$/);
    await page.getByLabel('用户名').fill('demo');
    await page.getByLabel('密码').fill('wrong password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('用户名或密码错误');
    await expect.poll(() => page.getByLabel('用户名').inputValue()).toBe('demo');
    await signIn(page, baseUrl, 'demo');
    await page.waitForURL(/#\/cdn\/dashboard$/);
    // The sign-in parameters are stripped from the address; the token is kept.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: '概览', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cdn_token'))).toMatch(/^[\w-]{40,}$/);
    await page.locator('#dashboard-domains').waitFor();
    await context.close();
  });

  it('switches to English, and English stays after a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.getByRole('heading', { name: '概览', level: 1 }).waitFor();
    await page.getByRole('button', { name: /语言/ }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitemradio', { name: 'English' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cdn_language'))).toBe('en_US');
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    await context.close();
  });

  it('sends the start-up calls from the page itself, once each, with the first screen’s code', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.locator('#dashboard-domains').waitFor();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.reload();
    await page.locator('#dashboard-domains').waitFor();
    // The page-start script ran (the Content-Security-Policy allows it by its hash), and the
    // console took its answers instead of asking again.
    expect(await page.evaluate(() => Array.isArray(window.__cdnPageStart))).toBe(true);
    expect(await page.evaluate(() => window.__cdnPageStart?.length)).toBe(0);
    for (const path of [
      '/account/user/validate',
      '/v3/customer/console/boot',
      '/v3/customer/customer/baseInfo',
      '/v3/overview/domain/lists',
      '/v3/overview/overview/cdntype',
    ])
      expect(
        requests.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    // The overview's code was asked for by the page, before the console's code asked for it.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].some((link) =>
          /\/assets\/dashboard-/.test((link as HTMLLinkElement).href),
        ),
      ),
    ).toBe(true);
    await context.close();
  });

  it('redirects a route absent from the menu, keeps help and suggestion open, hides the left menu there', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'canvas', { canvas: true });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    // The canvas account has no add-ons: large-file sync is not in its menu.
    expect(await menu.getByText('Large-file sync').count()).toBe(0);
    await page.goto(`${baseUrl}/#/cdn/file-sync`);
    await page.waitForURL((url) => !url.hash.startsWith('#/cdn/file-sync'));
    expect(page.url()).not.toContain('file-sync');
    // A granted route opens its screen.
    await page.goto(`${baseUrl}/#/cdn/alarm-manage`);
    await page
      .getByRole('heading', { name: /Alarms|告警/, level: 1 })
      .first()
      .waitFor();
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const [path, heading] of [
      ['/cdn/help', /help/i],
      ['/cdn/suggestion', /Feedback/],
    ] as const) {
      await page.goto(`${baseUrl}/#${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      expect(page.url()).toContain(path);
      expect(await menu.count()).toBe(0);
    }
    await context.close();
  });

  it('opens on the page set as home page, and names each screen in the page title', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await expect.poll(() => page.title()).toBe('Overview · CDN Console');
    await page.goto(`${baseUrl}/#/cdn/domain/list`);
    await page.getByRole('table', { name: 'Domain list' }).waitFor();
    await expect.poll(() => page.title()).toBe('Domain list · CDN Console');
    // Clicked while the menu's code is still coming, on a machine as loaded as the CI's, the menu
    // has been seen to stay closed (not reproduced elsewhere): a user clicks again, and so does this.
    const setHome = page.getByRole('menuitem', { name: 'Set this page as home page' });
    await page.getByRole('button', { name: /^User menu/ }).click();
    if (
      !(await setHome.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.getByRole('button', { name: /^User menu/ }).click();
    await setHome.click();
    await page.getByText('Done: the console now opens on this page.').waitFor();
    for (const entry of ['/#/cdn', '/#/', '/#/cdn/no-such-page']) {
      await page.goto(`${baseUrl}${entry}`);
      await page.waitForURL(/#\/cdn\/domain\/list$/);
    }
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'This page is your home page' }).waitFor();
    await context.close();
  });
});
