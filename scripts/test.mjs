// Runs every check of the project and prints one closing line `N passed, N failed`.
//   node scripts/test.mjs        typecheck, lint, unit + integration, build, e2e
//   node scripts/test.mjs e2e    build, e2e only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';

const only = process.argv[2];
const countsDir = mkdtempSync(join(tmpdir(), 'cdn-test-'));
const countsFile = join(countsDir, 'counts.jsonl');
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_COUNTS_FILE: countsFile, ...env },
  });
  console.log(
    `◀ ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

/** A check that is not a test runner counts as one test. */
function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else totals.failed += 1;
}

/** A vitest run: its reporter appends counts; a crash before reporting counts as one failure. */
function suite(label, args, env) {
  const before = existsSync(countsFile)
    ? readFileSync(countsFile, 'utf8').split('\n').filter(Boolean).length
    : 0;
  const ok = run(label, 'node_modules/.bin/vitest', ['run', ...args], env);
  const lines = existsSync(countsFile) ? readFileSync(countsFile, 'utf8').split('\n').filter(Boolean) : [];
  if (lines.length === before) totals.failed += 1;
  for (const line of lines.slice(before)) {
    const c = JSON.parse(line);
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  }
  if (!ok && lines.length > before && lines.slice(before).every((l) => JSON.parse(l).failed === 0))
    totals.failed += 1;
}

if (only !== 'e2e') {
  check('typecheck', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
  check('lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']);
  check('format', 'node_modules/.bin/prettier', ['--check', '.', '--log-level', 'warn']);
  suite('unit and integration tests', ['--project', 'unit', '--project', 'integration']);
}

if (run('build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn'])) {
  totals.passed += 1;
  try {
    ensureChromium();
    // The browser journeys run against a fresh embedded database, never a shared one.
    suite('browser tests (Chromium)', ['--config', 'vitest.e2e.config.ts'], { DATABASE_URL: '' });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

rmSync(countsDir, { recursive: true, force: true });
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
