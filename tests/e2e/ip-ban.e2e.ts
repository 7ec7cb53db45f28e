import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshot, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Typed in capitals: the list and the server name it by its canonical text. */
const typed = '2001:DB8:E2E::1';
const ip = '2001:db8:e2e::1';

const list = (page: Page) => page.getByRole('table', { name: 'Ban list' });
const row = (page: Page) => list(page).getByRole('row').filter({ hasText: ip });

interface ListAnswer {
  code: number;
  data: { total: number; lists: { id: string; version: number; reason: string; status: string }[] };
}

/** The server's list, asked directly with the page's sign-in. */
async function serverEntries(page: Page, keyword = ip): Promise<ListAnswer['data']> {
  const answer = await page.evaluate(async (keyword) => {
    const token = localStorage.getItem('cdn_token') ?? '';
    const response = await fetch(`/v3/ipban/ban/lists?keyword=${encodeURIComponent(keyword)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    return (await response.json()) as ListAnswer;
  }, keyword);
  expect(answer.code).toBe(0);
  return answer.data;
}

/** Counts the pushes from a page that carry a command for the entry. */
function countPushes(page: Page, counter: { pushes: number }) {
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v3/sync/command/push')) {
      if ((request.postData() ?? '').includes(ip)) counter.pushes += 1;
    }
  });
}

describe('IP blocking offline', () => {
  it('bans an IP offline, keeps it pending across a reload and in a second tab, and sends it once', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    const counter = { pushes: 0 };
    countPushes(page, counter);
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/ip-ban`);
    await list(page).waitFor();
    expect(await serverEntries(page)).toMatchObject({ total: 0 });

    // The service worker serves the console once it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await list(page).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Ban IPs' }).first().click();
    await page.getByLabel('IP addresses or CIDR ranges').fill(typed);
    await page.getByLabel('Reason (optional)').fill('e2e: banned offline');
    await page.getByText('1 IP or range will be banned.').waitFor();
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await page
      .getByText(/saved on this device/)
      .first()
      .waitFor();
    await row(page).getByText('Pending sync').waitFor();

    // Offline, the page comes back from the service worker, the list from the device.
    await page.reload();
    await row(page).getByText('Pending sync').waitFor();
    await page.getByText(/^Data as of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor();
    await screenshot(page, 'ip-ban-offline-pending-en_US-desktop');

    // A second tab of the same browser sees the same queued ban.
    const second = await context.newPage();
    countPushes(second, counter);
    await second.goto(`${baseUrl}/#/cdn/ip-ban`);
    await row(second).getByText('Pending sync').waitFor();

    await context.setOffline(false);
    for (const tab of [page, second]) {
      await expect.poll(() => row(tab).getByText('Pending sync').count(), { timeout: 30_000 }).toBe(0);
      await row(tab).getByText('Banned', { exact: true }).waitFor();
      await expect.poll(() => tab.getByText(/^Data as of/).count()).toBe(0);
    }

    const onServer = await serverEntries(page);
    expect(onServer.total).toBe(1);
    expect(onServer.lists[0]).toMatchObject({
      id: ip,
      version: 1,
      reason: 'e2e: banned offline',
      status: 'banned',
    });

    // Nothing is sent again: not by a reload, not by the other tab.
    await second.reload();
    await list(second).waitFor();
    await row(second).waitFor();
    await page.waitForTimeout(2000);
    expect(counter.pushes).toBe(1);
    expect((await serverEntries(second)).lists[0]?.version).toBe(1);
    await context.close();
  });

  it('looks up an IP from the list on the device while offline, and from the server online', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/ip-ban`);
    await list(page).waitFor();

    const check = async (address: string) => {
      await page.getByLabel('IP address to check').fill(address);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
    };
    await check('198.51.100.23');
    await page.getByText('198.51.100.23 is banned by 198.51.100.0/24').waitFor();
    expect(await page.getByText(/Checked against the list stored on this device/).count()).toBe(0);

    await check('198.51.100.023');
    await page.getByText('Enter a valid IPv4 or IPv6 address or CIDR range').waitFor();

    await context.setOffline(true);
    await check('203.0.113.70');
    await page.getByText('203.0.113.70 is banned by 203.0.113.64/26').waitFor();
    await page.getByText(/Checked against the list stored on this device/).waitFor();
    await check('203.0.113.1');
    await page.getByText('203.0.113.1 is not banned').waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('when the sending tab is closed, another tab takes over within 2 seconds', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const sender = await context.newPage();
    await signIn(sender, baseUrl, 'demo');
    await sender.goto(`${baseUrl}/#/cdn/ip-ban`);
    await list(sender).waitFor();
    const other = await context.newPage();
    await other.goto(`${baseUrl}/#/cdn/ip-ban`);
    await list(other).waitFor();
    // The first tab took the sender's lock; the second waits for it.
    const held = await other.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0);
    expect(held).toBeGreaterThan(0);

    const address = '2001:db8:e2e::2';
    await context.setOffline(true);
    await other.getByRole('button', { name: 'Ban IPs' }).first().click();
    await other.getByLabel('IP addresses or CIDR ranges').fill(address);
    await other.getByRole('button', { name: 'Ban', exact: true }).click();
    const pending = list(other).getByRole('row').filter({ hasText: address }).getByText('Pending sync');
    await pending.waitFor();
    await sender.close();
    await context.setOffline(false);
    const started = Date.now();
    await expect.poll(() => pending.count(), { timeout: 10_000, interval: 100 }).toBe(0);
    // Taking over (at most 2 s) and the send itself.
    expect(Date.now() - started).toBeLessThan(2000 + 1500);
    // The row leaves "Pending sync" as the send starts; the server has it once that push is answered.
    await expect
      .poll(async () => (await serverEntries(other, address)).lists, { timeout: 5000, interval: 100 })
      .toMatchObject([{ id: address, version: 1 }]);
    await context.close();
  });
});
