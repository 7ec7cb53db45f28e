import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

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
    recover: '恢复',
    newDomain: '新域名 1',
    copy: '复制配置',
    bar: '已选域名',
    toList: '前往域名列表',
    offlineNote: '当前处于离线状态',
    selectRow: (name: string) => `选择 ${name}`,
  },
  en_US: {
    create: 'Create',
    domain: 'Accelerated domain',
    address: 'Origin address',
    port: 'Port',
    hangUp: 'Suspend',
    next: 'Next',
    confirm: 'Confirm',
    selectAll: 'Select every domain in the list',
    closeWord: 'Close',
    recover: 'Resume',
    newDomain: 'New domain 1',
    copy: 'Copy configuration',
    bar: 'Selected domains',
    toList: 'Go to the domain list',
    offlineNote: 'You are offline',
    selectRow: (name: string) => `Select ${name}`,
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

/** How many domains of the account match a keyword with a status, on the server. */
async function countOf(page: Page, keyword: string, status: string): Promise<number> {
  return page.evaluate(
    async ([keyword, status]) => {
      const token = localStorage.getItem('cdn_token') ?? '';
      const query = new URLSearchParams({ keyword: keyword!, status: status! });
      const response = await fetch(`/v3/domain/domain/lists?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { data: { total: number } }).data.total;
    },
    [keyword, status],
  );
}

/** Whether a bulk job's results say every queued change is done ("9 of 9 done", "已完成 9 / 9"). */
async function finished(dialog: Locator): Promise<boolean> {
  const status = (await dialog.getByRole('status').first().textContent()) ?? '';
  const [done, queued] = status.match(/\d+/g) ?? [];
  return done !== undefined && done === queued;
}

describe('domain screens', () => {
  for (const language of ['zh_CN', 'en_US'] as const)
    it(`list, create with errors, detail, copy wizard and bulk results (${language})`, async () => {
      const w = words[language];
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'demo');
      const shot = (name: string) => screenshots(page, `domain-${name}-${language}`);

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

      // The copy wizard, each step, to a new domain of this run.
      await page.goto(`${baseUrl}/#/cdn/domain/copy/${id}`);
      await page.getByRole('button', { name: w.next, exact: true }).waitFor();
      await shot('copy-targets');
      await page
        .getByLabel(w.newDomain, { exact: true })
        .fill(`copy-${language.toLowerCase().replace('_', '-')}.shots.example.com`);
      await page.getByRole('button', { name: w.next, exact: true }).click();
      // The source's configuration read: its sections can be chosen (HTTPS too: no certificate).
      await page
        .getByText(
          language === 'zh_CN'
            ? '强制跳转 HTTPS、HSTS、HTTP/2 和 TLS 版本（源域名未关联证书）。'
            : 'Forced HTTPS, HSTS, HTTP/2 and TLS versions (the source has no certificate).',
        )
        .waitFor();
      await page.getByText(language === 'zh_CN' ? '缓存规则' : 'Cache rules', { exact: true }).click();
      await shot('copy-contents');
      await page.getByRole('button', { name: w.next, exact: true }).click();
      await page.getByRole('button', { name: w.copy, exact: true }).waitFor();
      await shot('copy-confirm');
      await page.getByRole('button', { name: w.copy, exact: true }).click();
      await page
        .getByRole('link', { name: w.toList })
        .or(page.getByRole('button', { name: w.toList }))
        .waitFor();
      await shot('copy-done');

      // Bulk results: hang up the domains of demo-media.cn (live.demo-media.cn is hung up
      // already: skipped), offline first (the job waits), then online; then recover the others.
      await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=demo-media.cn`);
      await table(page).getByRole('link').first().waitFor();
      const active = await countOf(page, 'demo-media.cn', 'active');
      await table(page).getByLabel(w.selectAll).check();
      const bar = page.getByRole('region', { name: w.bar });
      await bar.getByRole('button', { name: w.hangUp, exact: true }).click();
      await shot('bulk-confirm');
      await context.setOffline(true);
      const dialog = () => page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
      await dialog().getByRole('button', { name: w.confirm, exact: true }).click();
      await dialog().getByText(w.offlineNote).waitFor();
      await shot('bulk-results-offline');
      await context.setOffline(false);
      await expect.poll(() => finished(dialog()), { timeout: 30_000 }).toBe(true);
      await shot('bulk-results');
      await dialog().getByRole('button', { name: w.closeWord, exact: true }).first().click();
      await table(page).getByLabel(w.selectAll).check();
      await table(page).getByLabel(w.selectRow('live.demo-media.cn')).uncheck();
      await bar.getByRole('button', { name: w.recover, exact: true }).click();
      await dialog().getByRole('button', { name: w.confirm, exact: true }).click();
      await expect.poll(() => countOf(page, 'demo-media.cn', 'active'), { timeout: 30_000 }).toBe(active);
      await context.close();
    });
});
