// Runs every check of the project and prints one closing line `N passed, N failed`.
//   node scripts/test.mjs        two lanes at once (below)
//   node scripts/test.mjs e2e    build, e2e only
//   node scripts/test.mjs plan   prints the batches the journeys would be taken in
//
// The two lanes run at the same time:
//   main lane:    integration tests, then journeys
//   browser lane: build, unit tests, then journeys
// The journeys wait in one queue, heaviest first, and a free lane takes the next batch: the
// batches shrink as the queue does (a quarter of what is left), so that both lanes end together
// whatever the machine, each batch against a server and database of its own. The lane that finds
// the queue empty first runs the static checks (typecheck, lint, format).
// The browser lane's output is kept in a file and printed after the main lane's, so neither is
// interleaved with the other.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureNginx } from './nginx.mjs';

const only = process.argv[2];
const workDir = mkdtempSync(join(tmpdir(), 'cdn-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** One lane: its steps run one after another, writing to `out` (the terminal, or a file). */
function lane(name, out) {
  const countsFile = join(workDir, `${name}-counts.jsonl`);
  const write = (text) => out.write(`${text}\n`);

  function run(label, command, args, env = {}) {
    write(`\n▶ ${label}`);
    const started = Date.now();
    return new Promise((resolve) => {
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TEST_COUNTS_FILE: countsFile, ...env },
      });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', (code) => {
        write(
          `◀ ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        resolve(code === 0);
      });
    });
  }

  /** A check that is not a test runner counts as one test. */
  async function check(label, command, args) {
    if (await run(label, command, args)) totals.passed += 1;
    else totals.failed += 1;
  }

  /** A vitest run: its reporter appends counts; a crash before reporting counts as one failure. */
  async function suite(label, args, env) {
    const countLines = () =>
      existsSync(countsFile) ? readFileSync(countsFile, 'utf8').split('\n').filter(Boolean) : [];
    const before = countLines().length;
    const ok = await run(label, 'node_modules/.bin/vitest', ['run', ...args], env);
    const lines = countLines().slice(before);
    if (lines.length === 0) totals.failed += 1;
    for (const line of lines) {
      const c = JSON.parse(line);
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
    }
    if (!ok && lines.length > 0 && lines.every((l) => JSON.parse(l).failed === 0)) totals.failed += 1;
  }

  return { run, check, suite, write };
}

/**
 * The usual duration of each journey file in seconds (CI, both lanes busy): what orders the queue
 * and sizes its batches. A file not listed weighs as much as the median; roughly right is enough.
 */
const e2eSeconds = {
  'traffic.e2e.ts': 200,
  'a11y.e2e.ts': 190,
  'domain-config.e2e.ts': 122,
  'users.e2e.ts': 105,
  'screens.e2e.ts': 93,
  'cert.e2e.ts': 90,
  'operations.e2e.ts': 85,
  'reauth.e2e.ts': 79,
  'edge.e2e.ts': 78,
  'domains.e2e.ts': 73,
  'file-sync.e2e.ts': 70,
  'ip-ban.e2e.ts': 70,
  'domain-screens.e2e.ts': 66,
  'update.e2e.ts': 59,
  'sign-in.e2e.ts': 56,
  'billing.e2e.ts': 53,
  'offline.e2e.ts': 48,
  'sync-screens.e2e.ts': 43,
  'alarm.e2e.ts': 35,
  'accounts.e2e.ts': 34,
  'activation.e2e.ts': 28,
  'tickets.e2e.ts': 30,
  'feedback.e2e.ts': 23,
  'keyboard.e2e.ts': 60,
};

/** The smallest batch worth its start (in e2eSeconds). */
const batchMinSeconds = 150;

/** The journey files, heaviest first, and the batches lanes take from them. */
function journeyQueue() {
  const known = Object.values(e2eSeconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 60;
  const weight = (f) => e2eSeconds[f] ?? median;
  const files = readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  return {
    /**
     * The next batch: files from the front until they weigh a quarter of what is left, and at
     * least `batchMinSeconds` (a batch also starts vitest and a server with its demo data).
     */
    take() {
      const left = files.reduce((sum, f) => sum + weight(f), 0);
      const target = Math.max(left / 4, batchMinSeconds);
      const batch = [];
      let taken = 0;
      while (files.length > 0 && taken < target) {
        const file = files.shift();
        batch.push(`tests/e2e/${file}`);
        taken += weight(file);
      }
      return batch;
    },
  };
}

async function integration(l) {
  // The edge's tests drive a real nginx: installed here, before any test's clock runs.
  try {
    ensureNginx();
  } catch (error) {
    l.write(error instanceof Error ? error.message : String(error));
  }
  await l.suite('integration tests', ['--project', 'integration']);
}

/** The unit tests: on the browser lane, after the build, so that neither lane waits long for the other. */
const unit = (l) => l.suite('unit tests', ['--project', 'unit', '--project', 'unit:fresh']);

async function staticChecks(l) {
  await l.check('typecheck', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
  await l.check('lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']);
  await l.check('format', 'node_modules/.bin/prettier', ['--check', '.', '--log-level', 'warn']);
}

/** The built console the journeys open; false (and counted as a failure) when it does not build. */
async function build(l) {
  if (!(await l.run('build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']))) {
    totals.failed += 1;
    return false;
  }
  totals.passed += 1;
  return true;
}

/** Browser journeys (all, or these files) against a fresh embedded database, never a shared one. */
async function journeys(l, label, files = []) {
  try {
    ensureChromium();
    await l.suite(label, ['--config', 'vitest.e2e.config.ts', ...files], { DATABASE_URL: '' });
  } catch (error) {
    l.write(error instanceof Error ? error.message : String(error));
    totals.failed += 1;
  }
}

if (only === 'plan') {
  const queue = journeyQueue();
  for (let batch = queue.take(); batch.length > 0; batch = queue.take()) console.log(batch.join(' '));
  rmSync(workDir, { recursive: true, force: true });
  process.exit(0);
} else if (only === 'e2e') {
  const l = lane('browser', process.stdout);
  if (await build(l)) await journeys(l, 'browser tests (Chromium)');
} else {
  const logFile = join(workDir, 'browser.log');
  const browserOut = createWriteStream(logFile);
  const browser = lane('browser', browserOut);
  const main = lane('main', process.stdout);
  const queue = journeyQueue();
  let staticTaken = false;
  /** Batches of journeys until the queue is empty, then the static checks if no lane took them. */
  const drain = async (l, ok) => {
    for (let batch = ok ? queue.take() : []; batch.length > 0; batch = queue.take())
      await journeys(l, `browser tests (Chromium): ${batch.map((f) => f.slice(10)).join(', ')}`, batch);
    if (!staticTaken) {
      staticTaken = true;
      await staticChecks(l);
    }
  };
  const built = build(browser);
  await Promise.all([
    built
      .then(async (ok) => {
        await unit(browser);
        await drain(browser, ok);
      })
      .then(() => new Promise((r) => browserOut.end(r))),
    integration(main)
      .then(() => built)
      .then((ok) => drain(main, ok)),
  ]);
  process.stdout.write(`\n── browser lane ──\n${readFileSync(logFile, 'utf8')}`);
}

rmSync(workDir, { recursive: true, force: true });
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
