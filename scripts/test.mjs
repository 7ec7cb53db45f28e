// Runs every check of the project and prints one closing line `N passed, N failed`.
//   node scripts/test.mjs        two lanes at once (below)
//   node scripts/test.mjs e2e    build, e2e only
//   node scripts/test.mjs plan   prints how the journeys are split between the lanes
//
// The two lanes run at the same time, and both end with browser journeys:
//   main lane:    unit + integration tests, typecheck, lint, format, then a share of the journeys
//   browser lane: build, then the rest of the journeys
// The journeys are split between the lanes by their usual duration (e2eSeconds), so that both
// lanes end at about the same time; each share runs against a server and database of its own.
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
 * The usual duration of each journey file in seconds (CI, both lanes busy): what the split weighs.
 * A file not listed weighs as much as the median; the figures need only be roughly right.
 */
const e2eSeconds = {
  'traffic.e2e.ts': 200,
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
  'feedback.e2e.ts': 23,
};
/** How long the main lane works before its share of the journeys: tests, then the static checks. */
const mainLaneSeconds = 660;
/** What a share costs besides its journeys: starting vitest, the server and its demo data. */
const shareStartSeconds = 15;

/**
 * The journey files split in two: the browser lane's share (from the start, after the build) and
 * the main lane's (after its own work), each the heaviest first, so that both lanes end together.
 */
function splitJourneys() {
  const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.e2e.ts'));
  const known = Object.values(e2eSeconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 60;
  const weight = (f) => e2eSeconds[f] ?? median;
  const total = files.reduce((sum, f) => sum + weight(f), 0);
  // browser + build = main lane + start + mainShare, and browser + mainShare = total.
  let mainBudget = Math.max(0, (total - mainLaneSeconds - shareStartSeconds) / 2);
  const browser = [];
  const main = [];
  for (const f of [...files].sort((a, b) => weight(b) - weight(a))) {
    if (weight(f) <= mainBudget) {
      main.push(f);
      mainBudget -= weight(f);
    } else browser.push(f);
  }
  const paths = (list) => list.map((f) => `tests/e2e/${f}`);
  return { browser: paths(browser), main: paths(main) };
}

async function unitAndIntegration(l) {
  // The edge's tests drive a real nginx: installed here, before any test's clock runs.
  try {
    ensureNginx();
  } catch (error) {
    l.write(error instanceof Error ? error.message : String(error));
  }
  await l.suite('unit and integration tests', ['--project', 'unit', '--project', 'integration']);
}

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
  console.log(JSON.stringify(splitJourneys(), null, 2));
  process.exit(0);
} else if (only === 'e2e') {
  const l = lane('browser', process.stdout);
  if (await build(l)) await journeys(l, 'browser tests (Chromium)');
} else {
  const logFile = join(workDir, 'browser.log');
  const browserOut = createWriteStream(logFile);
  const browser = lane('browser', browserOut);
  const main = lane('main', process.stdout);
  const shares = splitJourneys();
  const built = build(browser);
  await Promise.all([
    built
      .then((ok) => (ok ? journeys(browser, 'browser tests (Chromium), first share', shares.browser) : null))
      .then(() => new Promise((r) => browserOut.end(r))),
    unitAndIntegration(main)
      .then(() => staticChecks(main))
      .then(() => built)
      .then((ok) =>
        ok && shares.main.length > 0
          ? journeys(main, 'browser tests (Chromium), second share', shares.main)
          : null,
      ),
  ]);
  process.stdout.write(`\n── browser lane ──\n${readFileSync(logFile, 'utf8')}`);
}

rmSync(workDir, { recursive: true, force: true });
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
