// Largest Contentful Paint of three screens opened by their address by a signed-in user, in
// Chromium against the real server (started as `npm start` starts it, demo data on PGlite):
// on a first visit (nothing of the console on the device) and with the service worker (the
// console visited before in the same browser profile, kept on disk as a user's browser keeps it,
// with its V8 code cache). Also the time to the screen's real content
// and which element the LCP was, so that an LCP on a spinner or a header is seen as such.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { storageKeys } from '../src/api/storage';
// @ts-expect-error plain ESM helper shared with the test script
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs';
import { startServer } from '../tests/e2e/support/server-process';
import {
  measuredScreens,
  networkQuiet,
  signedInWithWorker,
  watchContent,
  percentile,
  signInInBrowser,
  verdict,
  type MeasuredScreen,
} from './support';

const RUNS = 5;
/**
 * The goals, as multiples of the React + Chakra floor measured in the same run (an absolute figure
 * on a shared 2-core machine is noise): a first visit within 3× what drawing one card costs, a
 * visit with the service worker within 2×.
 */
const FIRST_VISIT_GOAL_FLOORS = 3;
const SERVICE_WORKER_GOAL_FLOORS = 2;
/** An LCP is final once no larger paint has been reported for this long after the content's frame. */
const LCP_QUIET_MS = 500;
/**
 * How long after the content's frame an LCP entry for it may still come: entries are reported once
 * the frame is presented, which on a busy machine takes a few hundred milliseconds. Without one by
 * then, the LCP was something painted before the content.
 */
const LCP_REPORT_GRACE_MS = 1500;
const CONTENT_TIMEOUT_MS = 30_000;
const viewport = { width: 1440, height: 900 };

type Screen = MeasuredScreen;
const screens = measuredScreens;

/**
 * What this machine and browser allow at best, measured the same way (bench/floor): a page of one
 * line of text, served with the console's headers; and React with Chakra and the console's theme
 * drawing one card of that text, nothing read or checked. The screens' figures read against these.
 */
const floors: Screen[] = [
  { name: 'a line of text', path: '/floor/blank.html', hash: '', marker: '#floor-content' },
  { name: 'React + Chakra, one card', path: '/floor/index.html', hash: '', marker: '#floor-content' },
];

interface LcpEntry {
  startTime: number;
  size: number;
  element: string;
}
interface ProbeState {
  entries: LcpEntry[];
  /** performance.now() of the last LCP report, or 0. */
  lastReportAt: number;
  /** performance.now() when the content marker first was in the DOM, or null. */
  contentAt: number | null;
  /** performance.now() once the frame rendering the content has been produced, or null. */
  contentFramedAt: number | null;
  now: number;
}
interface Run {
  lcp: number;
  content: number;
  element: string;
  /** How many LCP candidates the page reported, the final one included. */
  candidates: number;
}

/**
 * Installed before the page's scripts: the LCP candidates as they are reported (each described
 * when reported, as a spinner is gone by the end; a text may have grown since it was painted) and
 * the moment the content marker appears. A string, not a function: tsx would add its helpers to a
 * function's source.
 */
const probe = (marker: string) => `
(() => {
  const describe = (el) => {
    if (!el) return '(an element removed before the report)';
    const attrs = ['id', 'role', 'data-part', 'data-col']
      .filter((name) => el.hasAttribute(name))
      .map((name) => '[' + name + '=' + el.getAttribute(name) + ']')
      .join('');
    const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('src') || '')
      .replace(/\\s+/g, ' ')
      .trim();
    return el.tagName.toLowerCase() + attrs + ' "' + (text.length > 40 ? text.slice(0, 40) + '…' : text) + '"';
  };
  const state = { entries: [], lastReportAt: 0, contentAt: null, contentFramedAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.entries.push({ startTime: entry.startTime, size: entry.size, element: describe(entry.element) });
      state.lastReportAt = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
${watchContent(marker)}
  window.__lcpProbe = { state: () => ({ ...state, now: performance.now() }) };
})();
`;

const probeState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lcpProbe: { state(): ProbeState } }).__lcpProbe.state());

/**
 * Opens the screen by its address in a new page of the context, and waits for its content and
 * then for the LCP to settle. `serviceWorker` is whether the page must be controlled by one.
 */
async function measure(
  context: BrowserContext,
  serverUrl: string,
  screen: Screen,
  serviceWorker: boolean,
): Promise<Run> {
  const page = await context.newPage();
  await page.addInitScript(probe(screen.marker));
  if (serviceWorker) {
    // Chromium stops an idle service worker after about 30 s, so a user coming back finds it
    // stopped: each run starts it, as otherwise every run would find it still running from the
    // preparation or from the run before.
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
  }
  try {
    await page.goto(`${serverUrl}${screen.path ?? '/'}${screen.hash}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        (window as unknown as { __lcpProbe?: { state(): ProbeState } }).__lcpProbe?.state().contentFramedAt !=
        null,
      undefined,
      { timeout: CONTENT_TIMEOUT_MS, polling: 50 },
    );
    let state = await probeState(page);
    const deadline = Date.now() + CONTENT_TIMEOUT_MS;
    const settled = ({ entries, lastReportAt, contentAt, contentFramedAt, now }: ProbeState) =>
      now - Math.max(lastReportAt, contentFramedAt!) >= LCP_QUIET_MS &&
      ((entries.at(-1)?.startTime ?? 0) >= contentAt! || now - contentFramedAt! >= LCP_REPORT_GRACE_MS);
    while (!settled(state)) {
      if (Date.now() > deadline) throw new Error(`${screen.name}: the LCP did not settle`);
      await page.waitForTimeout(50);
      state = await probeState(page);
    }
    const controlled = await page.evaluate(() => navigator.serviceWorker?.controller != null);
    if (controlled !== serviceWorker)
      throw new Error(
        `${screen.name}: the page was ${controlled ? '' : 'not '}controlled by a service worker`,
      );
    // Still on the screen asked for: not sent to the sign-in, nor redirected by a guard.
    if (!page.url().endsWith(screen.hash)) throw new Error(`${screen.name}: ended on ${page.url()}`);
    const last = state.entries.at(-1);
    if (!last) throw new Error(`${screen.name}: no largest-contentful-paint entry was reported`);
    return {
      lcp: last.startTime,
      content: state.contentAt!,
      element: last.element,
      candidates: state.entries.length,
    };
  } finally {
    await page.close();
  }
}

/**
 * A browser profile that has used the console: signed in through the portal, the service worker
 * installed and controlling the console's pages, the screen visited once so that what it keeps on
 * the device (the stored lists, the boot data) is there. Its preparation page is closed.
 */
async function visitedContext(
  serverUrl: string,
  screen: Screen,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { context, page, close } = await signedInWithWorker(serverUrl, viewport);
  await page.evaluate((hash) => (location.hash = hash), screen.hash);
  await page.locator(screen.marker).first().waitFor({ timeout: CONTENT_TIMEOUT_MS });
  // The store opens after the first screen (or with the screen's own code): wait until it exists,
  // then until its reads have ended.
  await page.waitForFunction(async () => (await indexedDB.databases()).length > 0, undefined, {
    timeout: CONTENT_TIMEOUT_MS,
    polling: 250,
  });
  await networkQuiet(page, 1000);
  await page.close();
  return { context, close };
}

// --- the server, on fresh demo data ---------------------------------------------------------------
// The browser and the server share the machine's processors: the figures grow with its load.
const loadAtStart = loadavg()[0]!;
const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-lcp-'));
// The built console, and the floor pages beside it under /floor/.
const staticDir = join(dataDir, 'static');
cpSync('dist', staticDir, { recursive: true });
await build({
  configFile: false,
  logLevel: 'silent',
  root: 'bench/floor',
  base: '/floor/',
  build: {
    outDir: join(staticDir, 'floor'),
    target: 'es2022',
    rollupOptions: { input: ['bench/floor/index.html', 'bench/floor/blank.html'] },
  },
});
const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: staticDir, DEMO: '1', DATABASE_URL: '' });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });

const results = new Map<string, { firstVisit: Run[]; serviceWorker: Run[] }>();
const floorResults = new Map<string, Run[]>();
try {
  // The first visit's sign-in: a token issued by the portal, through the form, in a context thrown
  // away. Only `cdn_token` goes into the measured contexts: with it the console validates the token
  // and loads its boot data as signed in. Everything else the console keeps (the token's owner,
  // the cached boot data, the sign-in header info, the language, the session's account) it writes
  // itself, or is what a returning user has; a code in the address would add its exchange instead.
  const signInContext = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const signInPage = await signInContext.newPage();
  await signInInBrowser(signInPage, server.url);
  const token = await signInPage.evaluate((key) => localStorage.getItem(key), storageKeys.token);
  await signInContext.close();
  if (!token) throw new Error(`no ${storageKeys.token} in localStorage after signing in`);
  const installToken = `
    if (location.origin === ${JSON.stringify(server.url)} && localStorage.getItem(${JSON.stringify(storageKeys.token)}) === null)
      localStorage.setItem(${JSON.stringify(storageKeys.token)}, ${JSON.stringify(token)});
  `;

  /** A first visit: a new context each time, so an empty HTTP cache, no IndexedDB, no service worker. */
  const firstVisit = async (screen: Screen) => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    await context.addInitScript(installToken);
    try {
      return await measure(context, server.url, screen, false);
    } finally {
      await context.close();
    }
  };

  // One visit of each screen not counted: the server's first queries of each list and Chromium's
  // first renderers are start-up costs, measured by bench/run.ts, not a visit's.
  for (const screen of [...floors, ...screens]) await firstVisit(screen);

  // Rounds: in each, every floor and every screen once, first visit and with the service worker,
  // so that the machine's load weighs on the floor as on the screens.
  const visited = new Map<string, { context: BrowserContext; close(): Promise<void> }>();
  for (const screen of screens) visited.set(screen.name, await visitedContext(server.url, screen));
  try {
    for (const floor of floors) floorResults.set(floor.name, []);
    for (const screen of screens) results.set(screen.name, { firstVisit: [], serviceWorker: [] });
    for (let i = 0; i < RUNS; i++) {
      for (const floor of floors) floorResults.get(floor.name)!.push(await firstVisit(floor));
      for (const screen of screens) {
        const result = results.get(screen.name)!;
        result.firstVisit.push(await firstVisit(screen));
        result.serviceWorker.push(await measure(visited.get(screen.name)!.context, server.url, screen, true));
      }
    }
  } finally {
    for (const profile of visited.values()) await profile.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// --- the figures ------------------------------------------------------------------------------------
const ms = (value: number) => `${value.toFixed(0)} ms`;
const spread = (values: number[]) =>
  `median ${ms(percentile(values, 50))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

/**
 * A loading text ("正在读取统计数据…", "Loading…"): never the content a screen is opened for. The
 * element's description ends with the text itself, or with " …" where it was shortened.
 */
const loadingText = /(?:[^ ]…|正在[^"]*|Loading[^"]*)"$/;

function report(label: string, runs: Run[], floor: number, floors: number) {
  const lcp = runs.map((r) => r.lcp);
  const median = percentile(lcp, 50);
  const goal = floor * floors;
  console.log(
    `    ${label}: LCP ${spread(lcp)}, ${(median / floor).toFixed(1)}× the floor (goal ≤ ${floors}×, ${ms(goal)}: ${verdict(median, goal)})`,
  );
  console.log(`      content in the DOM ${spread(runs.map((r) => r.content))}`);
  // The elements, most frequent first; an LCP painted before the content is not the content.
  const elements = new Map<string, number>();
  for (const run of runs) elements.set(run.element, (elements.get(run.element) ?? 0) + 1);
  for (const [element, count] of [...elements].sort((a, b) => b[1] - a[1]))
    console.log(`      LCP element (${count}/${runs.length}): ${element}`);
  const early = runs.filter((r) => r.lcp < r.content).length;
  if (early > 0)
    console.log(
      `      in ${early}/${runs.length} runs the LCP was painted before the content showed: it is not the content`,
    );
  const loading = runs.filter((r) => loadingText.test(r.element)).length;
  const content = runs.filter((r) => r.lcp >= r.content && !loadingText.test(r.element)).length;
  console.log(
    `      LCP element is content in ${content}/${runs.length} runs (goal: all)${loading > 0 ? `; a loading text in ${loading}` : ''}`,
  );
  console.log(
    `      LCP candidates reported per run: ${runs.map((r) => r.candidates).join(', ')}; LCP − content: ${runs.map((r) => ms(r.lcp - r.content)).join(', ')}`,
  );
}

console.log(
  `\nLargest Contentful Paint, Chromium ${viewport.width}×${viewport.height}, a screen opened by its address, signed in (${RUNS} runs each, from navigation start):`,
);
console.log(
  `  ${availableParallelism()} processors; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
);
console.log(
  '  the floor (bench/floor: what this machine allows at best, first visits, measured in the same rounds):',
);
for (const floor of floors) {
  const lcp = floorResults.get(floor.name)!.map((r) => r.lcp);
  console.log(`    ${floor.name}: LCP ${spread(lcp)}`);
}
const chakraFloor = percentile(
  floorResults.get(floors[1]!.name)!.map((r) => r.lcp),
  50,
);
for (const screen of screens) {
  const result = results.get(screen.name)!;
  console.log(`  ${screen.name} (${screen.hash}, content: ${screen.marker}):`);
  report(
    'first visit (new profile, no service worker, empty cache)',
    result.firstVisit,
    chakraFloor,
    FIRST_VISIT_GOAL_FLOORS,
  );
  report(
    'with the service worker (visited before in a profile on disk, a new page, the worker started anew)',
    result.serviceWorker,
    chakraFloor,
    SERVICE_WORKER_GOAL_FLOORS,
  );
}
