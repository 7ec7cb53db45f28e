import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const words = {
  zh_CN: {
    banIps: '封禁 IP',
    lines: 'IP 地址或 IP 段',
    reason: '封禁原因（选填）',
    ban: '封禁',
    save: '保存',
    refresh: '刷新',
    edit: (id: string) => `修改 ${id} 的封禁信息`,
    editEntry: '编辑',
    rejected: '已拒绝',
    conflict: '冲突',
  },
  en_US: {
    banIps: 'Ban IPs',
    lines: 'IP addresses or CIDR ranges',
    reason: 'Reason (optional)',
    ban: 'Ban',
    save: 'Save',
    refresh: 'Refresh',
    edit: (id: string) => `Edit the ban of ${id}`,
    editEntry: 'Edit',
    rejected: 'Rejected',
    conflict: 'Conflict',
  },
} as const;

/**
 * A command through the single-command API, as another user or an API client would send it: from
 * the test itself, so it reaches the server while the browser is offline.
 */
async function apiCommand(page: Page, path: string, key: string, body: Record<string, unknown>) {
  const token = await page.evaluate(() => localStorage.getItem('cdn_token') ?? '');
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

const indicator = (page: Page) => page.getByRole('button', { name: /^(Sync status|同步状态)/ });

/**
 * The IP blocking screen, the connectivity indicator and the pending-changes panel with a
 * rejected and a conflicting edit, in both languages and at both widths (artifacts/screenshots).
 */
describe('offline screens', () => {
  let run = 0;
  for (const language of ['zh_CN', 'en_US'] as const) {
    it(language, async () => {
      run += 1;
      const w = words[language];
      const name = (screen: string) => `${screen}-${language}`;
      const mine = `100.64.${run}.1`;
      const rejected = `100.64.${run}.130`;
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'demo');
      await page.goto(`${baseUrl}/#/cdn/ip-ban`);
      const table = page.getByRole('table', { name: /^(Ban list|封禁列表)$/ });
      await table.waitFor();
      await apiCommand(page, '/v3/ipban/ban/add', `screens-${run}-a`, { cidr: mine, reason: 'probe' });
      await page.getByRole('button', { name: w.refresh, exact: true }).click();
      await table.getByRole('row').filter({ hasText: mine }).waitFor();
      await expect.poll(() => indicator(page).count(), { timeout: 15_000 }).toBe(1);
      await screenshots(page, name('ip-ban'));

      // Offline: one change of an entry, one new ban; both wait on this device.
      await context.setOffline(true);
      await page.getByRole('button', { name: w.edit(mine) }).click();
      await page.getByLabel(w.reason).fill(language === 'zh_CN' ? '离线时修改的原因' : 'changed offline');
      await screenshots(page, name('ip-ban-edit-dialog'));
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await page.getByRole('button', { name: w.banIps }).first().click();
      await page.getByLabel(w.lines).fill(`${rejected}\n${rejected}\n10.0.0.0/7`);
      await screenshots(page, name('ip-ban-dialog-problems'));
      await page.getByLabel(w.lines).fill(rejected);
      await page.getByRole('button', { name: w.ban, exact: true }).click();
      await table.getByRole('row').filter({ hasText: rejected }).waitFor();
      await screenshots(page, name('indicator-offline'));

      // Meanwhile someone else changes the same entry, and bans a range covering the new one.
      await apiCommand(page, '/v3/ipban/ban/update', `screens-${run}-b`, {
        cidr: mine,
        reason: 'changed elsewhere',
        expires_at: null,
      });
      await apiCommand(page, '/v3/ipban/ban/add', `screens-${run}-c`, {
        cidr: `100.64.${run}.128/25`,
        reason: 'range',
      });
      await context.setOffline(false);
      await indicator(page).click();
      const panel = page.getByRole('dialog', { name: /^(Pending changes|待同步的更改)$/ });
      await panel.getByText(w.rejected, { exact: true }).first().waitFor({ timeout: 30_000 });
      await panel.getByText(w.conflict, { exact: true }).first().waitFor({ timeout: 30_000 });
      await screenshots(page, name('pending-panel'));
      await panel.getByRole('button', { name: w.editEntry, exact: true }).click();
      await panel.getByLabel(w.reason).waitFor();
      await screenshots(page, name('pending-panel-editor'));
      await page.keyboard.press('Escape');
      await screenshots(page, name('indicator-parked'));
      await context.close();
    });
  }
});
