import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { desktop, launch, newContext, preferLanguage, screenshot, signIn, tablet } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const words = {
  zh_CN: {
    create: '添加',
    domain: '加速域名',
    address: '源站地址',
    port: '端口',
    hangUp: '挂起',
    next: '下一步',
    confirm: '确定',
    selectAll: '选择列表中的全部域名',
    closeWord: '关闭',
  },
  en_US: {
    create: 'Create',
    domain: 'Accelerated domain',
    address: 'Origin address',
    port: 'Port',
    hangUp: 'Hang up',
    next: 'Next',
    confirm: 'Confirm',
    selectAll: 'Select every domain in the list',
    closeWord: 'Close',
  },
} as const;

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const table = (page: Page) => page.getByRole('table', { name: /Domain list|域名列表/ });

/** The id of a demo domain, by name, from the server. */
async function domainId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (name) => {
    const token = localStorage.getItem('cdn_token') ?? '';
    const response = await fetch(`/v3/domain/domain/lists?keyword=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: { lists: { id: string; domain: string }[] } };
    return body.data.lists.find((d) => d.domain === name)?.id ?? '';
  }, name);
}

describe('domain screens', () => {
  for (const language of ['zh_CN', 'en_US'] as const)
    for (const [width, viewport] of [
      ['desktop', desktop],
      ['tablet', tablet],
    ] as const)
      it(`list, create with errors, detail, copy wizard and bulk results (${language}, ${width})`, async () => {
        const w = words[language];
        const context = await newContext(browser, { language, viewport });
        await preferLanguage(context, language);
        const page = await context.newPage();
        await signIn(page, baseUrl, 'demo');
        const shot = (name: string) => screenshot(page, `domain-${name}-${language}-${width}`);

        await page.goto(`${baseUrl}/#/cdn/domain/list`);
        await table(page).getByRole('link').nth(5).waitFor();
        await shot('list');

        await page.goto(`${baseUrl}/#/cdn/domain/create`);
        await field(page, w.domain).fill('Bad_Domain.example.com');
        await field(page, w.address).first().fill('192.0.2.300');
        await field(page, w.port).first().fill('0');
        await page.getByRole('button', { name: w.create, exact: true }).click();
        await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(1);
        await shot('create-errors');

        const id = await domainId(page, 'www.demo-shop.com');
        await page.goto(`${baseUrl}/#/cdn/domain/detail?id=${id}`);
        await page.getByRole('heading', { name: 'www.demo-shop.com' }).waitFor();
        await shot('detail');

        await page.goto(`${baseUrl}/#/cdn/domain/copy/${id}`);
        await page.getByRole('button', { name: w.next, exact: true }).waitFor();
        await shot('copy-targets');

        // Bulk results: hang up the hung-up domains again, so nothing changes and all are skipped.
        await page.goto(`${baseUrl}/#/cdn/domain/list?status=hung_up`);
        await table(page).getByRole('link').first().waitFor();
        await table(page).getByLabel(w.selectAll).check();
        await page.getByRole('button', { name: w.hangUp, exact: true }).first().click();
        await shot('bulk-confirm');
        await context.close();
      });
});
