import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, preferLanguage, screenshots, signIn } from './support/browser';
import { startTrafficServer, type RunningServer } from './support/server-process';

let browser: Browser;
let server: RunningServer;
let generator: ChildProcess | null = null;
let dir: string;

beforeAll(async () => {
  // A server of its own with a week of demo history, and the traffic generator streaming to it.
  dir = mkdtempSync(join(tmpdir(), 'cdn-traffic-'));
  server = await startTrafficServer(join(dir, 'data'), 8);
  generator = spawn('node_modules/.bin/tsx', ['server/traffic-cli.ts'], {
    env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
    stdio: 'ignore',
  });
  browser = await launch();
}, 180_000);
afterAll(async () => {
  generator?.kill();
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(page: Page, path: string) {
  await page.goto(`${server.url}/#${path}`);
}

/** Every traffic route, with its heading in English. */
const screens: [string, string][] = [
  ...['bandwidth', 'flow', 'request', 'hit-rate', 'http-code', 'pv', 'peak', 'uv'].map(
    (type): [string, string] => [`/cdn/statistics/${type}`, 'Basic statistics'],
  ),
  ['/cdn/count/flow', 'Traffic statistics'],
  ['/cdn/count/request', 'Request statistics'],
  ['/cdn/count/request-rank', 'Request ranking'],
  ['/cdn/count/response', 'Status codes'],
  ['/cdn/count/request-rank-user', 'User request ranking'],
  ['/cdn/response-time', 'Response time'],
  ['/cdn/attack-monitor', 'Attack monitor'],
  ['/cdn/uv-statistics', 'UV statistics'],
  ['/cdn/report', 'Reports'],
  ['/cdn/log', 'Log download'],
];

const figure = (page: Page, label: string) =>
  page.locator('.chakra-stat__root', { hasText: label }).locator('.chakra-stat__valueText').first();

describe('traffic statistics', () => {
  it('opens every statistics, report and log route on its own screen', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    for (const [path, heading] of screens) {
      await open(page, path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(page.url(), path).toContain(path);
      expect(await page.getByText(/not available yet/i).count(), path).toBe(0);
    }
    await context.close();
  });

  // Screenshots of every traffic screen and the overview, both languages, desktop and tablet
  // width (artifacts/screenshots).
  for (const language of ['zh_CN', 'en_US'] as const)
    it(`screenshots, ${language}`, async () => {
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, server.url, 'demo');
      for (const path of ['/cdn/dashboard', ...screens.map(([p]) => p)]) {
        await open(page, `${path}?preset=7d`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Charts come in their own chunk (their place marked busy meanwhile), read their data,
        // then measure their place (a frame after it is laid out).
        await page.waitForFunction(
          () => !document.querySelector('[aria-busy="true"], .chakra-spinner'),
          null,
          {
            timeout: 30_000,
          },
        );
        await page.waitForTimeout(300);
        const slug = path.replace('/cdn/', '').replaceAll('/', '-');
        await screenshots(page, `traffic-${slug}-${language}`, { pause: 300 });
      }
      // The report by sub-account: the demo's sub-account, over the two domains it reaches.
      await open(page, '/cdn/report?preset=7d');
      await page.getByRole('tab', { name: language === 'zh_CN' ? '子账号' : 'Sub-account' }).click();
      await page
        .locator('#report-sub_account')
        .locator('xpath=ancestor::section')
        .getByRole('cell', { name: 'demo-analyst' })
        .waitFor();
      await screenshots(page, `traffic-report-sub-account-${language}`);
      // The demo may rank its top URLs by traffic (the top-URL-type permission).
      const zh = language === 'zh_CN';
      await page.getByRole('tab', { name: 'URL', exact: true }).click();
      await page.getByLabel(zh ? '排行方式' : 'Rank by').selectOption('bytes');
      await page.locator('#report-url').locator('xpath=ancestor::section').getByRole('row').nth(1).waitFor();
      await screenshots(page, `traffic-report-url-by-traffic-${language}`);
      await context.close();
    });

  it('today’s bandwidth gains new data without a reload while the generator runs', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await open(page, '/cdn/statistics/bandwidth');
    await page.getByRole('img', { name: 'Bandwidth chart' }).waitFor();
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    // The newest minute first: its bandwidth grows with every batch the generator sends (every
    // 5 s), and the view reads again every 10 s.
    const newest = page
      .locator('#stats-table')
      .locator('xpath=ancestor::section')
      .locator('tbody tr')
      .first();
    const before = await newest.textContent();
    await expect.poll(() => newest.textContent(), { timeout: 60_000, interval: 2_000 }).not.toBe(before);
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    await context.close();
  });

  it('last week’s chart reopens offline with the time of its data', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await open(page, '/cdn/statistics/bandwidth?preset=7d');
    await page.getByRole('img', { name: 'Bandwidth chart' }).waitFor();
    const peak = await figure(page, 'Peak bandwidth').textContent();
    expect(peak).toMatch(/bps/);
    // The answer reaches IndexedDB just after it is shown.
    await page.waitForTimeout(1_000);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('img', { name: 'Bandwidth chart' }).waitFor({ timeout: 30_000 });
    expect(await figure(page, 'Peak bandwidth').textContent()).toBe(peak);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Data as of/ })
          .first()
          .textContent(),
      )
      .toMatch(/^Data as of \d{4}-\d{2}-\d{2} /);
    await context.setOffline(false);
    await context.close();
  });

  it('exports the report to Excel with the rows the table shows', async () => {
    // Today is in the report: the generator is stopped first, and its last batch let land, so the
    // table and the export read the same sums.
    generator?.kill();
    generator = null;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await open(page, '/cdn/report?preset=7d');
    const table = page.locator('#report-region').locator('xpath=ancestor::section').getByRole('table');
    await table.waitFor();
    const shown = (await table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      )) as string[][];
    expect(shown.length).toBeGreaterThan(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    const file = join(dir, 'report.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: (string | number)[][] = [];
    sheet.eachRow((row) => rows.push((row.values as (string | number)[]).slice(1)));
    expect(rows[0]).toEqual([
      'Rank',
      'Region',
      'Requests',
      'Share of requests',
      'Traffic (bytes)',
      'Share of traffic',
    ]);
    for (const [i, cells] of shown.entries()) {
      const [rank, region, requests] = cells;
      expect(rows[i + 1]?.slice(0, 3)).toEqual([Number(rank), region, Number(requests!.replace(/,/g, ''))]);
    }
    await context.close();
  });

  it('lists a domain’s hourly log files and downloads one that gunzips to the ingested lines', async () => {
    const context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, server.url, 'demo');
    await open(page, '/cdn/log');
    await page.getByRole('button', { name: 'Choose a domain' }).click();
    await page.getByRole('textbox', { name: 'Search domains' }).fill('api.demo-shop.com');
    await page.getByText('api.demo-shop.com', { exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Last 7 days', exact: true }).click();
    const link = page.getByRole('link', { name: 'Download', exact: true }).first();
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = join(dir, 'log.gz');
    await download.saveAs(path);
    const lines = gunzipSync(readFileSync(path)).toString('utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines.slice(0, 50)) {
      const entry = JSON.parse(line) as { domain: string; status: number; bytes: number };
      expect(entry.domain).toBe('api.demo-shop.com');
      expect(entry.status).toBeGreaterThanOrEqual(100);
      expect(entry.bytes).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  });
});
