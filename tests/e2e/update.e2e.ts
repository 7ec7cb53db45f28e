import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, preferLanguage, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

let browser: Browser;
let server: RunningServer;
let dir: string;
beforeAll(async () => {
  // A server of its own, serving a copy of the build that the test can change.
  dir = mkdtempSync(join(tmpdir(), 'cdn-update-'));
  cpSync('dist', join(dir, 'static'), { recursive: true });
  server = await startServer({
    DATA_DIR: join(dir, 'data'),
    STATIC_DIR: join(dir, 'static'),
    DATABASE_URL: '',
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a new version', () => {
  it('is offered with a reload prompt, and reloading activates it', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await notice.count()).toBe(0);

    // Deploy a new version: the service worker script changes.
    appendFileSync(join(dir, 'static', 'sw.js'), '\n// next release\n');
    await page.reload();
    await notice.waitFor({ timeout: 30_000 });
    // The page is a new one once the mark set here is gone; under load its `load` event can come
    // late (the first screen's files are many), so the test waits for the reload itself.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await notice.getByRole('button', { name: 'Update now' }).click();
    await expect
      .poll(() => page.evaluate(() => 'beforeUpdate' in window).catch(() => true), { timeout: 60_000 })
      .toBe(false);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    const settled = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && registration.active !== null;
    });
    expect(settled).toBe(true);
    await context.close();
  });
});
