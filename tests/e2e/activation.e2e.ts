import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from './support/admin';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The operator's documented command, against the running server. */
const approve = (login: string) => runAdmin('approve', login);

describe('activation', () => {
  it('takes newbie from the warning to review, and into the console once approved', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'newbie');
    await page.waitForURL(/#\/cdn\/open-service$/);
    // Other screens lead back to activation; the left menu is hidden here.
    await page.goto(`${baseUrl}/#/cdn/dashboard`);
    await page.waitForURL(/#\/cdn\/open-service$/);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    const apply = page.getByRole('button', { name: 'Apply to open' });
    // Offline, the application cannot be sent: the button waits for the connection, and says so.
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Offline: applying needs the connection.' }).waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await screenshots(page, 'open-service-offline-en_US');
    await context.setOffline(false);
    await expect.poll(() => apply.isDisabled()).toBe(false);
    await apply.click();
    await page
      .getByText('Please tick "I have read and agree to all of the CDN Service Agreement"')
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Billing details' }).click();
    const billing = page.getByRole('dialog');
    await billing.getByRole('heading').first().waitFor();
    expect(await billing.textContent()).toMatch(/traffic/i);
    await page.keyboard.press('Escape');

    // Exact: the warning above quotes the same words.
    await page
      .getByText('I have read and agree to all of the CDN Service Agreement', { exact: true })
      .click();
    await apply.click();
    const audit = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await audit.getByText('Your application has been submitted, please wait patiently for review').waitFor();

    const result = approve('newbie');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    await page.reload();
    await page.waitForURL(/#\/cdn\/dashboard$/);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await context.close();
  });

  it('asks unverified to do the real-name authentication, and the portal page completes it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'unverified');
    await page.waitForURL(/#\/cdn\/open-service$/);
    await page.getByText('我已阅读并同意《CDN 服务协议》全部内容').click();
    await page.getByRole('button', { name: '申请开通' }).click();
    const prompt = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await prompt.getByText('您尚未完成实名认证，是否立即前往认证？').waitFor();
    await prompt.getByRole('button', { name: '是' }).click();
    await page.waitForURL(/\/portal\/realname/);
    await page.getByLabel('真实姓名').fill('张三');
    await page.getByLabel('身份证号码').fill('11010519491231002X');
    await page.getByRole('button', { name: /提交/ }).click();
    await page.getByText('实名认证已完成。').waitFor();
    await context.close();
  });
});
