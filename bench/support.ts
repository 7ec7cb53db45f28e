// What the benchmarks share: the demo sign-in (over HTTP and in the browser), the seeded domains,
// the load of many clients and percentiles.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signInOverHttp } from '../tests/e2e/support/server-process';
// @ts-expect-error plain ESM helper shared with the test script
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs';

export const demoPassword = () => process.env.DEMO_PASSWORD || 'Cdn#Demo2026';

/** The portal sign-in, as a browser does it: the console token. */
export const signIn = (serverUrl: string, login: string, password: string) =>
  signInOverHttp(serverUrl, login, password);

/**
 * `count` more domains of the demo account, seeded in the database of `env` (migrated by a server
 * started once): the seed's last line, how many were created and in how long.
 */
export function seedDomains(env: Record<string, string>, count: number): string {
  const seed = spawnSync('node_modules/.bin/tsx', ['server/seed/domains-cli.ts', 'demo', String(count)], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
  return seed.stdout.trim().split('\n').at(-1) ?? '';
}

/** The p-th percentile (nearest rank) of some times. */
export function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'MISSED');

/**
 * `clients` clients making `total` calls in all, each after its previous one, through `paths` in
 * turn; `timeCall` makes one and answers how long it took. The times and the calls per second.
 */
export async function underLoad(
  clients: number,
  paths: readonly string[],
  total: number,
  timeCall: (path: string) => Promise<number>,
): Promise<{ times: number[]; rate: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const path = paths[next++ % paths.length]!;
        times.push(await timeCall(path));
      }
    }),
  );
  return { times, rate: (times.length * 1000) / (performance.now() - started) };
}

/** The sign-in form in the browser, filled and sent; resolves once the dashboard has painted. */
export async function signInInBrowser(page: Page, serverUrl: string, beforeSend?: () => void) {
  await page.goto(`${serverUrl}/`);
  await page.getByLabel(/Username|用户名/).fill('demo');
  await page.getByLabel(/Password|密码/).fill(demoPassword());
  beforeSend?.();
  await page.getByRole('button', { name: /Sign in|登录/ }).click();
  await page.waitForURL(/#\/cdn\/dashboard/);
  await page.locator('#dashboard-domains').waitFor({ timeout: 30_000 });
}

/** A screen the start-up benchmarks open by its address. */
export interface MeasuredScreen {
  name: string;
  /** The page's path; the console's is `/`. */
  path?: string;
  hash: string;
  /** Present in the DOM once the screen shows its real content, never while it loads. */
  marker: string;
}

/** The screens bench/lcp.ts and bench/profile.ts measure. */
export const measuredScreens: MeasuredScreen[] = [
  { name: 'dashboard', hash: '#/cdn/dashboard', marker: '#dashboard-domains' },
  {
    name: 'domain list',
    hash: '#/cdn/domain/list',
    marker: '[role="table"] [role="rowgroup"]:not([data-part="header"]) [role="row"]',
  },
  // The "Ban list" card renders once the list has been read, holding the table or its empty
  // state; while the list loads (or was never read) the screen shows a skeleton or a notice instead.
  { name: 'IP ban', hash: '#/cdn/ip-ban', marker: '#ip-ban-list-title' },
];

/** Resolves once the page has made no request for quietMs (or after timeoutMs regardless). */
export async function networkQuiet(page: Page, quietMs: number, timeoutMs = 20_000): Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < quietMs))
    await page.waitForTimeout(100);
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
}

/**
 * The page-side code (for an init script whose `state` has `contentAt` and `contentFramedAt`) that
 * notes when the screen's content marker is first in the DOM, and when the frame holding it has
 * been produced.
 */
export const watchContent = (marker: string) => `
  const seen = () => {
    if (state.contentAt !== null || !document.querySelector(${JSON.stringify(marker)})) return;
    state.contentAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => (state.contentFramedAt = performance.now())));
    watch.disconnect();
  };
  const watch = new MutationObserver(seen);
  watch.observe(document, { childList: true, subtree: true });
`;

/**
 * A new browser profile on disk, as a returning user's browser keeps one, signed in through the
 * portal, the console's service worker installed and controlling the page it returns. On disk,
 * not one of Playwright's in-memory contexts: Chromium keeps no V8 code cache for an in-memory
 * (incognito) profile, so a visit there compiles all the console's code again each time, which no
 * returning user's browser does (measured: about a third of the visit on this machine). `close`
 * ends its browser and removes the profile.
 */
export async function signedInWithWorker(
  serverUrl: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profileDir = mkdtempSync(join(tmpdir(), 'cdn-bench-profile-dir-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: ensureChromium(),
    args: chromiumArgs,
    viewport,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await signInInBrowser(page, serverUrl);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
