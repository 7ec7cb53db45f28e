// Runs every check of the project and prints one closing line `N passed, N failed`.
//   node scripts/test.mjs        unit + integration | build, e2e, typecheck, lint, format (two lanes at once)
//   node scripts/test.mjs e2e    build, e2e only
//
// The two lanes run at the same time: the browser journeys spend most of their time waiting for
// a browser and a server, the other lane mostly computes. The browser lane's output is kept in a
// file and printed after the first lane's, so neither is interleaved with the other.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function checksAndTests(l) {
  // The edge's tests drive a real nginx: installed here, before any test's clock runs.
  try {
    ensureNginx();
  } catch (error) {
    l.write(error instanceof Error ? error.message : String(error));
  }
  await l.suite('unit and integration tests', ['--project', 'unit', '--project', 'integration']);
}

/** The static checks: in the browser lane after its journeys, so that both lanes take about as long. */
async function staticChecks(l) {
  await l.check('typecheck', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
  await l.check('lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']);
  await l.check('format', 'node_modules/.bin/prettier', ['--check', '.', '--log-level', 'warn']);
}

async function browserJourneys(l) {
  if (!(await l.run('build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']))) {
    totals.failed += 1;
    return;
  }
  totals.passed += 1;
  try {
    ensureChromium();
    // The browser journeys run against a fresh embedded database, never a shared one.
    await l.suite('browser tests (Chromium)', ['--config', 'vitest.e2e.config.ts'], { DATABASE_URL: '' });
  } catch (error) {
    l.write(error instanceof Error ? error.message : String(error));
    totals.failed += 1;
  }
}

if (only === 'e2e') {
  await browserJourneys(lane('browser', process.stdout));
} else {
  const logFile = join(workDir, 'browser.log');
  const browserOut = createWriteStream(logFile);
  const browser = lane('browser', browserOut);
  await Promise.all([
    checksAndTests(lane('main', process.stdout)),
    browserJourneys(browser)
      .then(() => staticChecks(browser))
      .then(() => new Promise((r) => browserOut.end(r))),
  ]);
  process.stdout.write(`\n── browser lane ──\n${readFileSync(logFile, 'utf8')}`);
}

rmSync(workDir, { recursive: true, force: true });
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
