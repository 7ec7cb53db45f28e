import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from './support/admin';
import { newContext, preferLanguage, screenshots, settled, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('tickets', () => {
  it('submits a ticket with a picture, reads support’s answer, replies and closes it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');

    // The top bar's "Tickets" opens the ticket list, with the demo's tickets.
    await page.getByRole('link', { name: '工单', exact: true }).click();
    await page.getByRole('heading', { name: '工单', level: 1 }).waitFor();
    await page.getByRole('link', { name: /HTTPS 证书续期后仍显示旧证书/ }).waitFor();
    await expect.poll(() => page.getByText('待您回复').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshots(page, 'tickets-list-zh_CN');

    await page.getByRole('button', { name: '提交工单' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请选择问题类型').waitFor();
    await dialog.getByText('请描述您遇到的问题').waitFor();
    await dialog.getByRole('combobox', { name: /问题类型/ }).selectOption({ label: '域名与配置' });
    await dialog.getByLabel(/标题/).fill('www.demo-shop.com 偶发 502');
    await dialog.getByLabel(/问题描述/).fill('今天 10:00 起，部分请求返回 502，源站日志中没有对应请求。');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'error-page.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: /删除 error-page.png/ }).waitFor();
    await expect.poll(() => dialog.getByLabel(/正在上传/).count(), { timeout: 30_000 }).toBe(0);
    await screenshots(page, 'tickets-create-zh_CN');
    await dialog.getByRole('button', { name: '提交' }).click();

    // Submitted: its conversation opens, with the picture as it was uploaded.
    await page.getByRole('heading', { name: 'www.demo-shop.com 偶发 502', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'error-page.png' }).waitFor();
    const id = new URL(page.url().replace('#/', '')).searchParams.get('id');
    expect(id).toMatch(/^\d+$/);
    await expect.poll(() => page.getByText('处理中').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Support answers (the operator's command): the ticket waits for the customer.
    const answered = runAdmin('ticket', 'reply', id!, '请提供出现 502 的完整 URL 和客户端 IP。');
    expect(answered.status, answered.stderr + answered.stdout).toBe(0);
    await page.reload();
    await page.getByText('请提供出现 502 的完整 URL 和客户端 IP。').waitFor();
    await page.getByText('CDN 技术支持').waitFor();
    await expect.poll(() => page.getByText('待您回复').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshots(page, 'tickets-detail-zh_CN');

    // A reply must say something; then it is sent and support's turn comes again.
    await page.getByRole('button', { name: '发送回复' }).click();
    await page.getByText('请描述您遇到的问题').waitFor();
    await page
      .getByLabel('回复', { exact: true })
      .fill('URL：https://www.demo-shop.com/cart，客户端 IP：203.0.113.7');
    await page.getByRole('button', { name: '发送回复' }).click();
    await page.getByText('URL：https://www.demo-shop.com/cart，客户端 IP：203.0.113.7').waitFor();
    await expect.poll(() => page.getByText('处理中').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: '回复' }).inputValue()).toBe('');

    // Closing asks first; a closed ticket takes no more replies.
    await page.getByRole('button', { name: '关闭工单' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('工单关闭后将不能再回复。').waitFor();
    await settled(page);
    await confirm.getByRole('button', { name: '关闭工单' }).click();
    await page.getByText('该工单已关闭，不能再回复。').waitFor();
    expect(await page.getByRole('button', { name: '发送回复' }).count()).toBe(0);

    // Offline, the list and the ticket stay readable as they were last read.
    await context.setOffline(true);
    await page.getByRole('link', { name: '← 全部工单' }).click();
    await page.getByRole('link', { name: 'www.demo-shop.com 偶发 502' }).waitFor();
    await page.getByRole('link', { name: 'www.demo-shop.com 偶发 502' }).click();
    await page.getByText('URL：https://www.demo-shop.com/cart，客户端 IP：203.0.113.7').waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('shows the tickets in English, at desktop and tablet width', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/ticket`);
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Awaiting your reply' });
    await page.getByRole('link', { name: /HTTPS 证书续期后仍显示旧证书/ }).waitFor();
    await screenshots(page, 'tickets-list-en_US');
    await page.getByRole('link', { name: /HTTPS 证书续期后仍显示旧证书/ }).click();
    await page.getByText('CDN support').waitFor();
    await page.getByRole('button', { name: 'Send reply' }).waitFor();
    await screenshots(page, 'tickets-detail-en_US');
    await page.goto(`${baseUrl}/#/cdn/ticket?create=1`);
    await page.getByRole('dialog').getByRole('heading', { name: 'Submit ticket' }).waitFor();
    await screenshots(page, 'tickets-create-en_US');
    await context.close();
  });
});
