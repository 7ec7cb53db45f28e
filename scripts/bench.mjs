// Prints figures: initial JavaScript (gzip) loaded before the dashboard paints, each route chunk,
// the server's cold start, the time to save an edit in the outbox, the replay of queued edits and
// the domain list with 10,000 domains (API latency under load, first rows, filter keystrokes) and a
// domain configuration at its largest (a section shown, a section edit round trip), and the
// certificate list with 1,000 certificates (a search keystroke to updated rows).
// Run after changes that touch bundles, start-up or the lists: `npm run bench`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [['build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']]];
if (!existsSync('dist/index.html') || process.argv.includes('--build')) {
  for (const [, cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
for (const script of [
  'bench/run.ts',
  'bench/lcp.ts',
  'bench/sync.ts',
  'bench/domains.ts',
  'bench/config.ts',
  'bench/certs.ts',
]) {
  const r = spawnSync('node_modules/.bin/tsx', [script], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
