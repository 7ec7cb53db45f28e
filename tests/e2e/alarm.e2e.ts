import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Config {
  policies: { id: string; name: string; enabled: boolean; rules: unknown[] }[];
  templates: { name: string }[];
  contacts: { name: string; phone: string }[];
}

async function config(page: Page): Promise<Config> {
  const token = await page.evaluate(() => localStorage.getItem('cdn_token') ?? '');
  const response = await fetch(`${baseUrl}/v3/alarm/config/lists`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Config }).data;
}

describe('alarms', () => {
  it('adds a contact, a template and a policy with the spec messages, and switches a policy off offline', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/alarm-manage?tab=contacts`);

    // A contact: every field required, the phone a mainland mobile number.
    await page.getByRole('button', { name: 'Add contact' }).click();
    const contact = page.getByRole('dialog');
    await contact.getByLabel('Name').fill('Wang Wu');
    await contact.getByLabel('Role').fill('SRE');
    await contact.getByLabel('Mobile number').fill('1380013');
    await contact.getByLabel('Email').fill('sre@example.com');
    await contact.getByRole('button', { name: 'Save' }).click();
    await contact.getByText('Enter a valid 11-digit mobile number').waitFor();
    await screenshots(page, 'alarm-contact-dialog');
    await contact.getByLabel('Mobile number').fill('13700137000');
    await contact.getByRole('button', { name: 'Save' }).click();
    await page.locator('tr[data-contact="Wang Wu"]').waitFor();
    await screenshots(page, 'alarm-contacts');

    // A template telling the contact by SMS.
    await page.getByRole('tab', { name: 'Notification templates' }).click();
    await page.getByRole('button', { name: 'Create notification template' }).click();
    const template = page.getByRole('dialog');
    await template.getByLabel('Template name').fill('SRE_pager');
    await template.getByText('SMS', { exact: true }).click();
    await template.getByText('Email', { exact: true }).click();
    await template.getByText('Wang Wu · SRE').click();
    await screenshots(page, 'alarm-template-dialog');
    await template.getByRole('button', { name: 'Save' }).click();
    await page.locator('tr[data-template="SRE_pager"]').waitFor();
    await screenshots(page, 'alarm-templates');

    // A policy: the object type comes first, then a rule; the name follows the spec's rule.
    await page.getByRole('tab', { name: 'Alarm policies' }).click();
    await page.getByRole('button', { name: 'Create alarm policy' }).click();
    const policy = page.getByRole('dialog');
    await policy.getByRole('button', { name: 'Add rule' }).click();
    await policy.getByText('Please choose the object type first').waitFor();
    await policy.getByLabel('Policy name').fill(`P${'x'.repeat(30)}`);
    await policy.getByLabel('Object type').selectOption('account');
    await policy.getByRole('button', { name: 'Save' }).click();
    await policy.getByText('Please choose a rule first').waitFor();
    await policy.getByText('The name is too long: at most 30 characters').waitFor();
    await policy.getByRole('button', { name: 'Add rule' }).click();
    await policy.getByLabel('Indicator').selectOption('status5xxRate');
    await policy.getByLabel('Threshold').fill('2');
    await policy.getByLabel('Policy name').fill('Errors_5xx');
    await policy.getByText('SRE_pager').click();
    await screenshots(page, 'alarm-policy-dialog');
    await policy.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tr[data-policy="Errors_5xx"]');
    await row.waitFor();
    await expect
      .poll(async () => (await config(page)).policies.find((p) => p.name === 'Errors_5xx')?.enabled)
      .toBe(true);
    await screenshots(page, 'alarm-policies');

    // Switched off while offline: it waits on the device, then reaches the server.
    await context.setOffline(true);
    await row.locator('[data-part="control"]').click();
    await row.getByText('Pending sync').waitFor();
    await screenshots(page, 'alarm-policies-offline');
    await context.setOffline(false);
    await expect
      .poll(async () => (await config(page)).policies.find((p) => p.name === 'Errors_5xx')?.enabled, {
        timeout: 15_000,
      })
      .toBe(false);
    await row.getByText('Pending sync').waitFor({ state: 'detached' });

    // Copied: the same rules under a name of its own, a new policy on the server.
    await row.getByRole('button', { name: 'Copy' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy alarm policy' });
    expect(await copy.getByLabel('Policy name').inputValue()).toBe('Errors_5xx_copy');
    expect(await copy.getByLabel('Threshold').inputValue()).toBe('2');
    await screenshots(page, 'alarm-policy-copy');
    await copy.getByLabel('Policy name').fill('Errors_5xx_eu');
    await copy.getByRole('button', { name: 'Save' }).click();
    await page.locator('tr[data-policy="Errors_5xx_eu"]').waitFor();
    await expect
      .poll(async () => {
        const policies = (await config(page)).policies;
        const source = policies.find((p) => p.name === 'Errors_5xx');
        const made = policies.find((p) => p.name === 'Errors_5xx_eu');
        return made && source && made.id !== source.id ? made.rules : null;
      })
      .toEqual([{ indicator: 'status5xxRate', operator: 'gt', threshold: 2 }]);

    await page.getByRole('tab', { name: 'Alarm history' }).click();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    await screenshots(page, 'alarm-history');
    await context.close();
  });

  it('speaks Chinese', async () => {
    const context = await newContext(browser, { language: 'zh_CN' });
    await preferLanguage(context, 'zh_CN');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    for (const [tab, name] of [
      ['policies', '告警策略'],
      ['history', '告警历史'],
      ['templates', '通知模板'],
      ['contacts', '联系人管理'],
    ] as const) {
      await page.goto(`${baseUrl}/#/cdn/alarm-manage${tab === 'policies' ? '' : `?tab=${tab}`}`);
      await page.getByRole('tab', { name, selected: true }).waitFor();
      await page.waitForTimeout(300);
      await screenshots(page, `alarm-zh-${tab}`);
    }
    // The trigger condition reads as one Chinese sentence, its two fields in place.
    await page.goto(`${baseUrl}/#/cdn/alarm-manage`);
    await page.getByRole('button', { name: '新建告警策略' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('个周期满足条件，每个周期').waitFor();
    expect(await dialog.getByLabel('连续周期数').inputValue()).toBe('3');
    await screenshots(page, 'alarm-zh-policy-dialog');
    await dialog.getByRole('button', { name: '取消' }).click();
    // A copy is offered under the source's name with a Chinese suffix.
    const first = page.locator('tr[data-policy]').first();
    const source = await first.getAttribute('data-policy');
    await first.getByRole('button', { name: '复制' }).click();
    const copy = page.getByRole('dialog', { name: '复制告警策略' });
    expect(await copy.getByLabel('策略名称').inputValue()).toBe(
      `${[...(source ?? '')].slice(0, 27).join('')}_副本`,
    );
    await screenshots(page, 'alarm-zh-policy-copy');
    await context.close();
  });
});
