import { describe, inject, it } from 'vitest';
import {
  newContext,
  openAccountMenu,
  preferLanguage,
  screenshots,
  settled,
  signIn,
  useBrowser,
} from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Screenshots of the screens, both languages, desktop and tablet width (artifacts/screenshots). */
describe('screens', () => {
  for (const language of ['zh_CN', 'en_US'] as const) {
    it(language, async () => {
      const name = (screen: string) => `${screen}-${language}`;
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();

      await page.goto(`${baseUrl}/`);
      await page.waitForURL(/\/portal\/login/);
      await screenshots(page, name('sign-in'));

      await signIn(page, baseUrl, 'demo');
      await page.locator('#dashboard-domains').waitFor();
      await screenshots(page, name('dashboard'));
      await page.getByRole('button', { name: /^(Products|产品)$/ }).click();
      await page.getByRole('group').first().waitFor();
      await screenshots(page, name('products-menu'));
      await page.keyboard.press('Escape');
      // The products menu gives the focus back to its button as it closes: let it, before the next.
      await settled(page);
      await page.getByRole('button', { name: /^(User menu|用户菜单)/ }).click();
      await page.getByRole('menuitem', { name: /Sign out|退出登录/ }).waitFor();
      await screenshots(page, name('user-menu'));
      await page.keyboard.press('Escape');

      await page.goto(`${baseUrl}/#/cdn/suggestion`);
      await page.locator('input[type=file]').waitFor({ state: 'attached' });
      await screenshots(page, name('suggestion'));
      await page.getByRole('button', { name: /^(Submit|提交)$/ }).click();
      await page.getByText(/Choose a submission type|请选择提交类型/).waitFor();
      await screenshots(page, name('suggestion-errors'));
      await page.goto(`${baseUrl}/#/cdn/help`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshots(page, name('help'));
      await context.close();

      const channel = await newContext(browser, { language });
      await preferLanguage(channel, language);
      const channelPage = await channel.newPage();
      await signIn(channelPage, baseUrl, 'channel');
      await openAccountMenu(channelPage);
      await channelPage.getByRole('note').waitFor();
      await screenshots(channelPage, name('account-menu'));
      await channel.close();

      const second = await newContext(browser, { language });
      await preferLanguage(second, language);
      const activation = await second.newPage();
      await signIn(activation, baseUrl, 'unverified');
      await activation.waitForURL(/open-service/);
      await activation.getByRole('button', { name: /Apply to open|申请开通/ }).waitFor();
      await screenshots(activation, name('activation'));
      await activation.getByRole('button', { name: /Billing details|计费详情|查看计费/ }).click();
      await activation.getByRole('dialog').waitFor();
      await screenshots(activation, name('billing'));
      await second.close();
    });
  }
});
