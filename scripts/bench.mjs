// Prints figures: initial JavaScript (gzip) loaded before the dashboard paints, each route chunk,
// the server's cold start, the time to save an edit in the outbox, the replay of queued edits and
// the domain list with 10,000 domains (API latency under load, first rows, filter keystrokes) and a
// domain configuration at its largest (a section shown, a section edit round trip), and the
// certificate list with 1,000 certificates (a search keystroke to updated rows), another
// account's reads while two loops post gzip bombs to the edge's ingestion call, and the edge node
// (a command to its effect in nginx, a reload of 1,000 domains, a cached object against a plain file),
// and the domain list through a balancer with one and with three instances on PostgreSQL.
// Run after changes that touch bundles, start-up or the lists: `npm run bench`; some of them only
// by their names: `npm run bench -- certs domains` (run, lcp, sync, domains, config, certs, traffic, file-sync, alarms, ingest-guard, edge, cluster).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = [
  'run',
  'lcp',
  'sync',
  'domains',
  'config',
  'certs',
  'traffic',
  'file-sync',
  'alarms',
  'ingest-guard',
  'edge',
  'cluster',
];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !benches.includes(name));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(', ')}; the benches: ${benches.join(', ')}.`);
  process.exit(2);
}

const steps = [['build', 'node_modules/.bin/vite', ['build', '--logLevel', 'warn']]];
if (!existsSync('dist/index.html') || process.argv.includes('--build')) {
  for (const [, cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
for (const name of named.length > 0 ? named : benches) {
  const script = `bench/${name}.ts`;
  const r = spawnSync('node_modules/.bin/tsx', [script], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
