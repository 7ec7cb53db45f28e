import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('installable and offline', () => {
  it('has a manifest with real icons and a service worker; the shell reloads offline', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
      if (!link) return null;
      return (await (await fetch(link.href)).json()) as {
        icons: { src: string; sizes: string }[];
        start_url: string;
      };
    });
    expect(manifest?.start_url).toBe('/#/cdn');
    for (const icon of manifest?.icons ?? []) {
      const res = await page.request.get(`${baseUrl}/${icon.src}`);
      expect(res.headers()['content-type']).toBe('image/png');
      expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(manifest?.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // The built files come from the precache by the browser's own routes (public/sw-static-routes.js),
    // without the worker's code running for each.
    const sources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map(
          (entry) =>
            (entry as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
        ),
    );
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(['cache']));

    // Chromium's own verdict: the console can be installed. Test contexts are incognito
    // profiles, which Chromium never offers to install into; every other check must pass.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page
      .getByText(/Offline/)
      .first()
      .waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /User menu/ }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('opens the overview, certificates, refresh records and a domain history offline after one online visit, with their time', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const asOf = page.getByText(/^Data as of \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // One online visit of each screen: what it shows is kept on the device.
    const screens = [
      {
        hash: '#/cdn/dashboard',
        content: async () => {
          await page.locator('#dashboard-domains').waitFor();
          return page.locator('#dashboard-domains').locator('..').locator('..').innerText();
        },
      },
      {
        hash: '#/cdn/cert',
        content: async () => {
          await page.getByRole('table').locator('tbody tr').first().waitFor();
          return page.getByRole('table').locator('tbody').innerText();
        },
      },
      {
        hash: '#/cdn/content?tab=records',
        content: async () => {
          await page.locator('tr[data-task]').first().waitFor();
          return String(await page.locator('tr[data-task]').count());
        },
      },
    ];
    const online: string[] = [];
    for (const screen of screens) {
      await page.goto(`${baseUrl}/${screen.hash}`);
      online.push(await screen.content());
      expect(await asOf.count()).toBe(0);
    }
    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=img.demo-shop.com`);
    await page.getByRole('link', { name: 'img.demo-shop.com', exact: true }).first().click();
    await page.waitForURL(/#\/cdn\/domain\/detail\?id=/);
    const history = `${page.url()}&section=history`;
    await page.goto(history);
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    const versionCount = await versions.locator('tbody tr').count();
    expect(versionCount).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Offline, each opens anew from what the device holds, with the time it was read.
    await context.setOffline(true);
    for (const [i, screen] of screens.entries()) {
      await page.goto(`${baseUrl}/${screen.hash}`);
      await page.reload();
      expect(await screen.content()).toBe(online[i]);
      await asOf.first().waitFor();
      if (i === 0) await screenshots(page, 'dashboard-offline-en_US');
    }
    await page.goto(history);
    await page.reload();
    await versions.waitFor();
    expect(await versions.locator('tbody tr').count()).toBe(versionCount);
    await asOf.first().waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
