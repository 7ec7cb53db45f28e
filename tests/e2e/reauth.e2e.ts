import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, launch, newContext, preferLanguage, screenshots, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

/**
 * Calls that need a recent sign-in ask for the password once the sign-in is older than
 * REAUTH_SECONDS: the console shows a dialog, and sends the call again once it is confirmed.
 */
const recentSeconds = 4;
let browser: Browser;
let server: RunningServer;
let dir: string;
beforeAll(async () => {
  // A server of its own, where a sign-in counts as recent for a few seconds only.
  dir = mkdtempSync(join(tmpdir(), 'cdn-reauth-'));
  server = await startServer({
    DATA_DIR: dir,
    STATIC_DIR: 'dist',
    DATABASE_URL: '',
    REAUTH_SECONDS: String(recentSeconds),
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const texts = {
  zh_CN: {
    userMenu: /^用户菜单/,
    center: '账号中心',
    turnOn: '开启',
    confirmTitle: '验证登录密码',
    password: /^当前密码/,
    confirm: '确认',
    wrong: '当前密码错误',
    qr: '密钥二维码',
  },
  en_US: {
    userMenu: /^User menu/,
    center: 'Account center',
    turnOn: 'Turn on',
    confirmTitle: 'Confirm your password',
    password: /^Current password/,
    confirm: 'Confirm',
    wrong: 'The current password is incorrect.',
    qr: 'QR code of the key',
  },
};

/** Waits until the sign-in of the page is no longer recent. */
const ageSignIn = (page: Page) => page.waitForTimeout((recentSeconds + 1) * 1000);

describe('a call that needs a recent sign-in', () => {
  for (const language of ['zh_CN', 'en_US'] as const) {
    it(`asks for the password and goes on once it is confirmed (${language})`, async () => {
      const t = texts[language];
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, server.url, 'demo');
      await page.getByRole('button', { name: t.userMenu }).click();
      await page.getByRole('menuitem', { name: t.center }).click();
      await page.getByRole('heading', { name: t.center }).waitFor();
      await ageSignIn(page);

      await page.getByRole('button', { name: t.turnOn, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t.confirmTitle });
      await confirm.waitFor();
      await screenshots(page, `reauth-confirm-${language}`);

      // A wrong password is said at the field; what was typed stays.
      await confirm.getByLabel(t.password).fill('Not#ThePassword1');
      await confirm.getByRole('button', { name: t.confirm, exact: true }).click();
      await confirm.getByText(t.wrong).waitFor();
      expect(await confirm.getByLabel(t.password).inputValue()).toBe('Not#ThePassword1');
      await screenshots(page, `reauth-confirm-wrong-${language}`);

      // The right one: the dialog goes, and the two-factor setup that asked goes on by itself.
      await confirm.getByLabel(t.password).fill(demoPassword);
      await confirm.getByRole('button', { name: t.confirm, exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('img', { name: t.qr }).waitFor();
      await context.close();
    });
  }

  it('creating an API token after a while asks too, and declining leaves nothing made', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await page.goto(`${server.url}/#/cdn/token-manage`);
    await page.getByRole('button', { name: 'Create token' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.waitFor();
    await ageSignIn(page);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await form.getByText('For your account’s safety, confirm your password first.').waitFor();
    const none = await page.evaluate(async () => {
      const res = await fetch('/v3/customer/token/lists', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('cdn_token')}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      return ((await res.json()) as { data: { lists: unknown[] } }).data.lists.length;
    });
    expect(none).toBe(0);

    // Asked again, confirmed: the token is made, and its secret shown once.
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await confirm.waitFor();
    await confirm.getByLabel(/^Current password/).fill(demoPassword);
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText(/cdnk_/).first().waitFor();
    await context.close();
  });
});
