import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { t } from '../../server/i18n/messages';
import { newContext, preferLanguage, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

type Language = 'zh_CN' | 'en_US';
/** A rule's text as the server says it: the console shows the very same words (one rule, one text). */
const text = (id: string, language: Language) => t(id, language);

/** A name no other run uses: the server's names are unique across accounts. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const table = (page: Page) => page.getByRole('table', { name: /Domain list|域名列表/ });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

interface DomainAnswer {
  id: string;
  domain: string;
  status: string;
  cname: string;
  group_id: string | null;
  version: number;
  copied_from: string | null;
}

/** The server's domains, asked directly with the page's sign-in. */
async function serverDomains(page: Page, keyword: string): Promise<DomainAnswer[]> {
  const answer = await page.evaluate(async (keyword) => {
    const token = localStorage.getItem('cdn_token') ?? '';
    const response = await fetch(
      `/v3/domain/domain/lists?page_size=100&keyword=${encodeURIComponent(keyword)}`,
      {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      },
    );
    return (await response.json()) as { code: number; data: { lists: DomainAnswer[] } };
  }, keyword);
  expect(answer.code).toBe(0);
  return answer.data.lists;
}

async function openConsole(language: Language) {
  const context = await newContext(browser, { language });
  await preferLanguage(context, language);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  await signIn(page, baseUrl, 'demo');
  return { context, page };
}

/** A form field by its label, which may carry the required mark after it. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

describe('creating a domain', () => {
  it.each(['zh_CN', 'en_US'] as const)(
    'shows each rule at its field, then creates it (%s)',
    async (language) => {
      const { context, page } = await openConsole(language);
      await page.goto(`${baseUrl}/#/cdn/domain/create`);
      const submit = page.getByRole('button', {
        name: language === 'zh_CN' ? '添加' : 'Create',
        exact: true,
      });
      const domainField = field(page, language === 'zh_CN' ? '加速域名' : 'Accelerated domain');
      await domainField.waitFor();

      // Empty: the domain and the origin address are required.
      await submit.click();
      await page.getByText(text('domain.name.required', language)).waitFor();
      await page.getByText(text('domain.origin.required', language)).waitFor();

      const shown = async (id: string) =>
        expect.poll(() => page.getByText(text(id, language), { exact: true }).count()).toBeGreaterThan(0);
      await domainField.fill('Shop.Example.com');
      await shown('domain.name.chars');
      await domainField.fill('-shop.example.com');
      await shown('domain.name.hyphen');
      await domainField.fill(`${'a'.repeat(60)}.${'b'.repeat(36)}.com`);
      await shown('domain.name.tooLong');
      const name = `${unique('e2e')}.example.com`;
      await domainField.fill(name);

      const address = field(page, language === 'zh_CN' ? '源站地址' : 'Origin address');
      const port = field(page, language === 'zh_CN' ? '端口' : 'Port');
      const level = field(page, language === 'zh_CN' ? '优先级' : 'Priority');
      const weight = field(page, language === 'zh_CN' ? '权重' : 'Weight');
      await address.first().fill('192.0.2.300');
      await shown('domain.origin.ipFormat');
      await port.first().fill('65536');
      await shown('domain.origin.port');
      await level.first().fill('21');
      await shown('domain.origin.level');
      await weight.first().fill('0');
      await shown('domain.origin.weight');

      // A second origin with the same address, as a backup: it must differ from the primary.
      await page.getByRole('button', { name: language === 'zh_CN' ? '添加源站' : 'Add origin' }).click();
      await address.first().fill('192.0.2.10');
      await port.first().fill('80');
      await level.first().fill('10');
      await weight.first().fill('10');
      await address.nth(1).fill('192.0.2.10');
      await level.nth(1).fill('20');
      await shown('domain.origin.backupSameAsPrimary');
      await address.nth(1).fill('192.0.2.20');
      await expect
        .poll(() => page.getByText(text('domain.origin.backupSameAsPrimary', language)).count())
        .toBe(0);

      await submit.click();
      // Online, the server answers at once: the CNAME and how to point DNS at it.
      await page
        .getByText(new RegExp(`${name.replace(/\./g, '\\.')}.*(has been added|添加成功|已添加)`))
        .waitFor();
      const [created] = await serverDomains(page, name);
      expect(created).toMatchObject({ domain: name, status: 'active', version: 1 });
      await page.getByText(created!.cname, { exact: true }).first().waitFor();
      await context.close();
    },
  );
});

describe('a domain through its life', () => {
  it('list → suspend → resume → rename → copy to 3 → bulk move to a group → delete', async () => {
    const { context, page } = await openConsole('en_US');
    const name = `${unique('life')}.example.com`;
    await page.goto(`${baseUrl}/#/cdn/domain/create`);
    await field(page, 'Accelerated domain').fill(name);
    await field(page, 'Origin address').first().fill('198.51.100.7');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(async () => (await serverDomains(page, name))[0]?.version ?? 0).toBe(1);

    // The list, filtered by the name.
    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=${encodeURIComponent(name)}`);
    await row(page, name).waitFor();
    await row(page, name).getByText('Active', { exact: true }).waitFor();

    // Suspend, confirmed.
    await row(page, name)
      .getByRole('button', { name: `Suspend ${name}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend', exact: true }).click();
    await row(page, name).getByText('Suspended', { exact: true }).waitFor();
    await expect.poll(async () => (await serverDomains(page, name))[0]?.status).toBe('hung_up');

    // Resume, confirmed.
    await row(page, name)
      .getByRole('button', { name: `Resume ${name}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(async () => (await serverDomains(page, name))[0]?.status).toBe('active');

    // Rename, with the new name checked first.
    const renamed = `${unique('renamed')}.example.com`;
    await row(page, name)
      .getByRole('button', { name: `More operations for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('New domain').fill('bad_Name.example.com');
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
    await dialog.getByText(text('domain.name.chars', 'en_US')).waitFor();
    await dialog.getByLabel('New domain').fill(renamed);
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(async () => (await serverDomains(page, renamed))[0]?.version ?? 0).toBe(4);
    const [source] = await serverDomains(page, renamed);

    // Copy its configuration to three new domains.
    await page.goto(`${baseUrl}/#/cdn/domain/copy/${source!.id}`);
    const tag = unique('cp');
    const targets = ['a', 'b', 'c'].map((n) => `${n}-${tag}.example.com`);
    for (const [i, target] of targets.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByLabel(`New domain ${i + 1}`, { exact: true }).fill(target);
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // The source's sections can be chosen once its configuration is read; the cache rules go too.
    await page.getByText('Every cache rule, in its order.').waitFor();
    await page.getByText('Cache rules', { exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(/^Copied: basic information, origins, .*the cache rules\./).waitFor();
    await page.getByRole('button', { name: 'Copy configuration', exact: true }).click();
    await page.getByText('The configuration was copied to 3 new domains.').waitFor({ timeout: 30_000 });
    for (const target of targets) {
      const [copy] = await serverDomains(page, target);
      expect(copy).toMatchObject({ status: 'active', copied_from: source!.id });
    }

    // A group, and the three copies moved into it together.
    const group = unique('Group');
    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=${tag}`);
    await page.getByRole('button', { name: '+ New group' }).first().click();
    await page.getByLabel('Group name').fill(group);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('navigation', { name: 'Groups' }).getByText(group).first().waitFor();
    for (const target of targets) await row(page, target).waitFor();
    await table(page).getByLabel('Select every domain in the list').check();
    const bar = page
      .getByRole('region', { name: 'Selected domains' })
      .or(page.getByLabel('Selected domains'))
      .first();
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Move to group' }).click();
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
    await confirm.getByLabel('Target group').selectOption({ label: group });
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Succeeded 3 · Failed 0 · In progress 0 · Skipped 0').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    for (const target of targets) expect((await serverDomains(page, target))[0]?.group_id).not.toBeNull();

    // Delete the renamed source, confirmed: it leaves the list, its name is free again.
    await page.getByLabel('Search domains').first().fill(renamed);
    await row(page, renamed)
      .getByRole('button', { name: `More operations for ${renamed}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row(page, renamed).count()).toBe(0);
    await expect.poll(async () => (await serverDomains(page, renamed)).length).toBe(0);
    await context.close();
  });
});

describe('offline and shared views', () => {
  it('creates a domain offline, keeps it pending across a reload, and sends it when back online', async () => {
    const { context, page } = await openConsole('zh_CN');
    await page.goto(`${baseUrl}/#/cdn/domain/list`);
    await table(page).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await table(page).waitFor();

    await context.setOffline(true);
    const name = `${unique('offline')}.example.com`;
    await page.goto(`${baseUrl}/#/cdn/domain/create`);
    await field(page, '加速域名').fill(name);
    await field(page, '源站地址').first().fill('203.0.113.9');
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await page
      .getByText(/已保存在本设备|保存在本设备/)
      .first()
      .waitFor();

    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=${encodeURIComponent(name)}`);
    await page.reload();
    await row(page, name).getByText('待同步').first().waitFor();
    await row(page, name)
      .getByText(/同步后生成/)
      .waitFor();

    await context.setOffline(false);
    await expect.poll(() => row(page, name).getByText('待同步').count(), { timeout: 30_000 }).toBe(0);
    await row(page, name).getByText('已启动', { exact: true }).waitFor();
    const [created] = await serverDomains(page, name);
    expect(created).toMatchObject({ status: 'active', version: 1 });
    await row(page, name).getByText(created!.cname, { exact: true }).waitFor();
    await context.close();
  });

  it('a filtered list address opened in a new tab shows the same view', async () => {
    const { context, page } = await openConsole('en_US');
    await page.goto(`${baseUrl}/#/cdn/domain/list`);
    await table(page).waitFor();
    await page.getByLabel('Status', { exact: true }).first().selectOption({ label: 'Suspended' });
    await page.getByLabel('Search domains').first().fill('demo');
    await page.getByLabel('Sort', { exact: true }).first().selectOption({ label: 'Name A–Z' });
    await expect.poll(() => page.url()).toMatch(/status=hung_up/);
    const address = page.url();
    const shownNames = async (tab: Page) =>
      (await table(tab).getByRole('link').allTextContents()).filter((t) => t.includes('.'));
    await expect.poll(async () => (await shownNames(page)).length).toBeGreaterThan(0);
    const names = await shownNames(page);

    const second = await context.newPage();
    await second.goto(address);
    await table(second).waitFor();
    await expect.poll(() => shownNames(second)).toEqual(names);
    expect(await second.getByLabel('Search domains').first().inputValue()).toBe('demo');
    await second
      .getByText(/filters? active|Clear filters/i)
      .first()
      .waitFor();
    await context.close();
  });
});
