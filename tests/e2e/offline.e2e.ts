import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, preferLanguage, signIn } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

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
});
