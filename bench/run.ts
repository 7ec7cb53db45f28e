import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
// @ts-expect-error plain ESM helper shared with the test script
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs';
import { startServer } from '../tests/e2e/support/server-process';
import { percentile, signInInBrowser, verdict } from './support';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length;
// What the first screen may cost before it paints: the shell, the overview and what they read with.
const BUDGET_KB = 200;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the build manifest');
const entryFiles = new Set([...closure(entryKey)].map((k) => manifest[k]!.file));

// --- the server: first start (migrations + demo seed) and a restart on the same data ---------
const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-'));
const env = { DATA_DIR: dataDir, STATIC_DIR: 'dist', DEMO: '1', DATABASE_URL: '' };
let t0 = performance.now();
let server = await startServer(env);
const firstStart = performance.now() - t0;
await server.stop();
t0 = performance.now();
server = await startServer(env);
const coldStart = performance.now() - t0;

// --- the browser: what is loaded before the dashboard paints --------------------------------
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const scripts = new Set<string>();
page.on('response', (res) => {
  const url = new URL(res.url());
  if (url.pathname.endsWith('.js') && !url.pathname.endsWith('/sw.js') && !url.pathname.includes('workbox'))
    scripts.add(url.pathname.slice(1));
});
let navStart = 0;
await signInInBrowser(page, server.url, () => {
  scripts.clear();
  navStart = performance.now();
});
const dashboardMs = performance.now() - navStart;
// What loaded before the paint; later loads (the offline store, opened after the first screen) do not count.
const initialScripts = [...scripts];

// --- saving one edit in the outbox, in Chromium's IndexedDB ----------------------------------
const bundled = await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: false,
    lib: { entry: 'bench/enqueue-page.ts', formats: ['iife'], name: 'cdnBench', fileName: 'bench' },
  },
});
const outputs = (Array.isArray(bundled) ? bundled : [bundled]) as {
  output: { type: string; code?: string }[];
}[];
const benchCode = outputs[0]?.output.find((o) => o.type === 'chunk')?.code ?? '';
const enqueuePage = await browser.newPage({ bypassCSP: true });
// Any page of the server's origin: IndexedDB belongs to the origin.
await enqueuePage.goto(`${server.url}/portal/login`);
await enqueuePage.addScriptTag({ content: benchCode });
const enqueueTimes = (
  await enqueuePage.evaluate(
    (n) =>
      (
        globalThis as unknown as { cdnBench: { benchEnqueue(n: number): Promise<number[]> } }
      ).cdnBench.benchEnqueue(n),
    500,
  )
).sort((a, b) => a - b);
await browser.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const initial = initialScripts.filter((f) => existsInDist(f));
const initialBytes = initial.reduce((sum, f) => sum + gz(f), 0);

function existsInDist(file: string) {
  try {
    readFileSync(join('dist', file));
    return true;
  } catch {
    return false;
  }
}

console.log('\nInitial JavaScript (everything loaded before the dashboard paints), gzip:');
for (const f of initial.sort()) console.log(`  ${f.padEnd(48)} ${kb(gz(f)).padStart(10)}`);
console.log(
  `  ${'total'.padEnd(48)} ${kb(initialBytes).padStart(10)}  (budget ${BUDGET_KB} KB: ${initialBytes / 1024 <= BUDGET_KB ? 'met' : 'EXCEEDED'})`,
);
console.log(`  entry chunk and its static imports: ${kb([...entryFiles].reduce((s, f) => s + gz(f), 0))}`);

console.log('\nRoute chunks (gzip, the chunk plus what it alone imports beyond the entry):');
for (const [key, chunk] of Object.entries(manifest).filter(([, c]) => c.isDynamicEntry)) {
  const own = [...closure(key)].map((k) => manifest[k]!.file).filter((f) => !entryFiles.has(f));
  const size = own.filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0);
  console.log(`  ${(chunk.src ?? chunk.name ?? key).padEnd(60)} ${kb(size).padStart(10)}`);
}

console.log('\nServer:');
console.log(`  first start (migrations and demo seed), to first answer: ${firstStart.toFixed(0)} ms`);
console.log(`  cold start on existing data, to first answer:            ${coldStart.toFixed(0)} ms`);
console.log(`  sign-in to dashboard painted (demo, loopback):           ${dashboardMs.toFixed(0)} ms`);

const ENQUEUE_GOAL_MS = 20;
console.log('\nSaving an edit in the outbox (Chromium IndexedDB, strict durability, 500 edits):');
console.log(
  `  median ${percentile(enqueueTimes, 50).toFixed(1)} ms, 95th percentile ${percentile(enqueueTimes, 95).toFixed(1)} ms (goal ≤ ${ENQUEUE_GOAL_MS} ms: ${verdict(percentile(enqueueTimes, 95), ENQUEUE_GOAL_MS)}), max ${enqueueTimes.at(-1)!.toFixed(1)} ms`,
);
