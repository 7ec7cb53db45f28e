import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A domain of the demo these journeys suspend for a moment (no other journey uses it). */
const domain = 'seckill.demo-shop.com';
const run = Date.now().toString(36);

async function token(page: Page) {
  return page.evaluate(() => localStorage.getItem('cdn_token') ?? '');
}

/** A call of the API from the test itself, as another client would make it. */
async function api<T>(page: Page, path: string, body?: Record<string, unknown>, key?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Bearer ${await token(page)}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; data: T };
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

async function domainId(page: Page, name: string): Promise<string> {
  const { lists } = await api<{ lists: { id: string; domain: string }[] }>(
    page,
    `/v3/domain/domain/lists?keyword=${encodeURIComponent(name)}`,
  );
  return lists.find((d) => d.domain === name)?.id ?? '';
}

/** The server's state of the task holding `url`. */
async function taskStatus(page: Page, url: string): Promise<string | undefined> {
  const { lists } = await api<{ lists: { urls: { url: string }[]; status: string }[] }>(
    page,
    `/v3/content/task/lists?keyword=${encodeURIComponent(url)}`,
  );
  return lists[0]?.status;
}

const row = (page: Page, url: string): Locator => page.locator('tr[data-task]').filter({ hasText: url });

/** The states the row shows until it shows `last`, each once, in order. */
async function statesUntil(target: Locator, last: string, timeout = 30_000): Promise<string[]> {
  const seen: string[] = [];
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const texts = (
      await target
        .locator('[data-part="status"], .chakra-badge')
        .allTextContents()
        .catch(() => [])
    )
      .map((t) => t.trim())
      .filter(Boolean);
    const shown = texts.join(' + ');
    if (shown && seen.at(-1) !== shown) seen.push(shown);
    if (texts[0] === last && texts.length === 1) return seen;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the task did not reach ${last}; it showed ${seen.join(' → ')}`);
}

async function submit(page: Page, tab: RegExp, label: string, urls: string[]) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel(label).fill(urls.join('\n'));
  await page.getByRole('button', { name: /^(Submit|提交)$/ }).click();
  await page.waitForURL(/tab=records/);
}

describe('refresh and prefetch, IP check, traffic packages', () => {
  it('refreshes 3 URLs through their states, queues one offline, is refused a foreign host, and retries a failure', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/content`);

    // Three URLs: the task is to be executed, executes (6 s on the journeys' server), succeeds.
    const urls = [1, 2, 3].map((n) => `https://www.demo-shop.com/e2e/${run}/page-${n}.html`);
    await submit(page, /^URL refresh$/, 'URLs to refresh', urls);
    const states = await statesUntil(row(page, urls[0]!), 'Succeeded');
    expect(states).toContain('Executing');
    expect(states.indexOf('Executing')).toBeGreaterThan(0);
    expect(states.at(-1)).toBe('Succeeded');
    await row(page, urls[0]!).getByText('3 of 3 succeeded').waitFor();
    await row(page, urls[0]!)
      .getByRole('button', { name: /^Show the URLs/ })
      .click();
    const details = page.locator('tr[id^="content-task-"]');
    for (const url of urls) await details.getByText(url, { exact: true }).waitFor();

    // Offline: kept on this device across a reload, sent and executed once back online.
    await page.getByRole('tab', { name: /^URL refresh$/ }).click();
    await context.setOffline(true);
    const offlineUrl = `https://www.demo-shop.com/e2e/${run}/offline.html`;
    await submit(page, /^URL refresh$/, 'URLs to refresh', [offlineUrl]);
    await row(page, offlineUrl).getByText('Pending sync').waitFor();
    await page.reload();
    await row(page, offlineUrl).getByText('Pending sync').waitFor();
    await context.setOffline(false);
    await statesUntil(row(page, offlineUrl), 'Succeeded');

    // A host that is not a domain of the account: the server refuses the submission.
    const foreign = `https://www.not-ours-${run}.example/index.html`;
    await page.goto(`${baseUrl}/#/cdn/content`);
    await submit(page, /^URL refresh$/, 'URLs to refresh', [foreign]);
    await row(page, foreign).getByText('Rejected').waitFor({ timeout: 15_000 });
    await row(page, foreign)
      .getByText(`www.not-ours-${run}.example is not an accelerated domain of this account`)
      .waitFor();

    // A domain suspended while its tasks wait: they fail; recovered, a retry succeeds. The first
    // task (through the API, as another client) stays failed for the screenshots.
    const id = await domainId(page, domain);
    const kept = `https://${domain}/e2e/${run}/kept-failed.html`;
    await api(
      page,
      '/v3/content/task/submit',
      { id: crypto.randomUUID(), kind: 'url', urls: [kept] },
      `${run}-a`,
    );
    const prefetch = [`https://${domain}/e2e/${run}/a.zip`, `https://${domain}/e2e/${run}/b.zip`];
    await submit(page, /^Prefetch$/, 'URLs to prefetch', prefetch);
    await expect.poll(() => taskStatus(page, kept), { timeout: 15_000, interval: 100 }).toBe('running');
    await api(page, '/v3/domain/domain/hangup', { id }, `${run}-hang-up`);
    try {
      await statesUntil(row(page, prefetch[0]!), 'Failed', 40_000);
    } finally {
      await api(page, '/v3/domain/domain/recover', { id }, `${run}-recover`);
    }
    const failed = row(page, prefetch[0]!);
    await failed.getByText('0 of 2 succeeded, 2 failed').waitFor();
    await failed.getByRole('button', { name: /^Show the URLs/ }).click();
    await page.getByText('The domain was no longer accelerated when the task ran').first().waitFor();
    await failed.getByRole('button', { name: 'Retry failed' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Retry the failed URLs?' });
    await dialog.getByText(/2 failed URLs of this task are submitted again/).waitFor();
    await dialog.getByRole('button', { name: 'Retry', exact: true }).click();
    await statesUntil(failed, 'Succeeded');
    await failed.getByText('2 of 2 succeeded').waitFor();
    expect(await taskStatus(page, kept)).toBe('failure');
    await context.close();
  });

  for (const language of ['zh_CN', 'en_US'] as const)
    it(`screenshots, ${language}`, async () => {
      const zh = language === 'zh_CN';
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'demo');
      const shot = (name: string) => screenshots(page, `content-${name}-${language}`);

      // The IP check: a value without an address refused, then an edge node, one out of service,
      // and an address that is not ours; the next query waits 5 seconds.
      await page.goto(`${baseUrl}/#/cdn/utils/ipinquiry`);
      const ips = page.getByRole('textbox').first();
      await ips.fill('192.0.2.1\nhttp://192.0.2.5:8080/\n114.114.114\n114.114.114.114');
      await page.getByText(zh ? 'IP 格式不正确' : 'The IP format is incorrect', { exact: true }).waitFor();
      await page.getByText('114.114.114', { exact: true }).waitFor();
      await screenshots(page, `ip-check-errors-${language}`);
      await ips.fill('192.0.2.1\nhttp://192.0.2.5:8080/\n114.114.114.114');
      await page.getByRole('button', { name: zh ? '查询' : 'Check', exact: true }).click();
      const results = page.getByRole('table', { name: zh ? 'IP 归属查询结果' : 'IP check results' });
      await results
        .locator('tr[data-ip="192.0.2.1"]')
        .getByText(zh ? 'CDN 节点（服务中）' : 'Edge node, in service')
        .waitFor();
      await results
        .locator('tr[data-ip="192.0.2.5"]')
        .getByText(zh ? 'CDN 节点（已下线）' : 'Edge node, out of service')
        .waitFor();
      await results
        .locator('tr[data-ip="114.114.114.114"]')
        .getByText(zh ? '江苏' : 'Jiangsu', { exact: true })
        .waitFor();
      expect(await page.getByRole('button', { name: zh ? '查询' : 'Check', exact: true }).isDisabled()).toBe(
        true,
      );
      await page.getByText(zh ? /秒后可再次查询/ : /The next query is possible in/).waitFor();
      await screenshots(page, `ip-check-results-${language}`);

      // Traffic packages: the demo's four, one expiring in 3 days, its usage counted from the demo's
      // traffic once that is loaded (after the server's start).
      await page.goto(`${baseUrl}/#/cdn/traffic-package`);
      const packages = page.getByRole('table', { name: zh ? '流量包列表' : 'Traffic packages' });
      await packages.locator('tr[data-package]').nth(3).waitFor();
      await packages.getByText(zh ? /即将到期：剩余 [1-3] 天/ : /Expiring soon: [1-3] days? left/).waitFor();
      for (const state of zh ? ['生效中', '已过期', '未生效'] : ['In effect', 'Expired', 'Not yet in effect'])
        await packages.getByText(state, { exact: true }).first().waitFor();
      await expect
        .poll(
          async () => {
            await page.reload();
            await packages.locator('tr[data-package]').first().waitFor();
            return page.getByText(zh ? /已统计至 \d{4}-/ : /counted up to \d{4}-/).count();
          },
          { timeout: 90_000, interval: 3000 },
        )
        .toBe(1);
      await screenshots(page, `traffic-package-${language}`);

      await page.goto(`${baseUrl}/#/cdn/content`);
      const field = page.getByRole('textbox').first();
      await field.waitFor();
      await page.getByText(zh ? /今日已用/ : /^Today: /).waitFor();
      await shot('url');
      await field.fill(
        [
          'www.demo-shop.com/index.html',
          'https://*.demo-shop.com/a.css',
          'https://www.demo-shop.com/图片/logo.png',
          'https://www.demo-shop.com/ok.html',
          'https://www.demo-shop.com/ok.html',
        ].join('\n'),
      );
      await page.getByRole('list', { name: zh ? '逐行问题' : 'Problems by line' }).waitFor();
      await page.getByText(zh ? '提交的 URL 有误' : 'Submitted URLs have errors').waitFor();
      await shot('url-errors');

      await page.getByRole('tab', { name: zh ? '目录刷新' : 'Directory refresh' }).click();
      await page
        .getByRole('textbox')
        .first()
        .fill('https://img.demo-shop.com/\nhttps://img.demo-shop.com/banners');
      await page
        .getByText(zh ? '不支持刷新整站，请填写具体目录' : /whole site is not supported: enter/)
        .waitFor();
      await shot('dir-errors');

      await page.getByRole('tab', { name: zh ? 'URL 预热' : 'Prefetch' }).click();
      const many = Array.from({ length: 201 }, (_, i) => `https://download.demo-shop.com/pkg/${i}.bin`);
      await page.getByRole('textbox').first().fill(many.join('\n'));
      await page
        .getByText(zh ? '单次最多提交 200 条' : 'Too many URLs in one submission: at most 200')
        .waitFor();
      await shot('prefetch-too-many');

      await page.goto(`${baseUrl}/#/cdn/content?tab=records`);
      await page.locator('tr[data-task]').first().waitFor();
      await shot('records');
      await page.goto(`${baseUrl}/#/cdn/content?tab=records&status=failure`);
      const failed = page.locator('tr[data-task]').filter({ hasText: 'kept-failed' }).first();
      await failed.waitFor();
      await failed.getByRole('button', { name: zh ? /^展开/ : /^Show the URLs/ }).click();
      await page
        .getByText(zh ? '执行时该域名已不在加速中' : 'The domain was no longer accelerated when the task ran')
        .waitFor();
      await shot('records-failed');
      await failed.getByRole('button', { name: zh ? '重试失败项' : 'Retry failed' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot('retry-confirm');
      await page.keyboard.press('Escape');
      await context.close();
    });
});
