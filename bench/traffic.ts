// Traffic data: ingestion rate (log lines per second into rollups, through the edge's path) on
// the embedded database and on PostgreSQL (when reachable), beside the parse-only rate of the same
// lines; a month of 5-minute bandwidth for every domain of an account through the API (p95); the
// demo's 90 days of history through the bulk path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { trafficPaths } from '../src/contract/traffic';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { findAccountByLogin } from '../server/modules/account/service';
import { generateLines } from '../server/modules/traffic/generator';
import { createEdgeKey } from '../server/modules/traffic/edge-keys';
import { ingestPool } from '../server/modules/traffic/ingest-pool';
import { scanText } from '../server/modules/traffic/read-lines';
import { seedDemo } from '../server/seed/demo';
import { seedDemoTraffic } from '../server/seed/demo-traffic';
import { generatedTrafficDomains } from '../server/modules/traffic/generated-domains';
import { demoPassword, percentile, verdict } from './support';

const LINES = Number(process.env.BENCH_TRAFFIC_LINES ?? 200_000);
const BATCH = 20_000;
const INGEST_GOAL = 50_000;
const QUERY_GOAL_MS = 150;
const SEED_GOAL_MS = 20_000;

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-traffic-'));
  let database: Database;
  let drop = async () => {};
  if (url) {
    const name = `cdn_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString() });
    drop = async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  } else database = await openDatabase({ dataDir: join(dataDir, 'db') }); // on disk, as the console runs it
  const db = database.db;
  await seedDemo(db, { password: demoPassword(), cnameSuffix: 'cdn.example-edge.net', customers: 1 });
  const demo = (await findAccountByLogin(db, 'demo'))!;
  const domains = await generatedTrafficDomains(db, demo.id);
  const now = Date.now();

  // The demo's history first (the bulk path), so the ingestion below meets populated tables.
  let started = performance.now();
  const seeded = await seedDemoTraffic(db, demo, { days: 90, now, logDir: join(dataDir, 'logs') });
  const seedMs = performance.now() - started;
  // The lines: the last hour of the demo domains, as an edge sends them.
  const lines = [
    ...generateLines({
      domains,
      from: now - 3_600_000,
      to: now - 60_000,
      stepMs: 60_000,
      perStep: Math.ceil(LINES / 59 / domains.length),
      seed: 7,
    }),
  ]
    .slice(0, LINES)
    .map((l) => JSON.stringify(l));
  // Bodies as the edge's call receives them.
  const bodies: Buffer[] = [];
  for (let i = 0; i < lines.length; i += BATCH)
    bodies.push(Buffer.from(lines.slice(i, i + BATCH).join('\n')));
  // Reading alone (JSON and the line format), on one thread, as a worker reads.
  started = performance.now();
  let valid = 0;
  for (const body of bodies) valid += scanText(body).checked.length;
  const parseRate = lines.length / ((performance.now() - started) / 1000);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' }),
    rateLimit: { perToken: 1e9, perAddress: 1e9 },
  };
  const app = await buildApp({ database, config, logger: false });
  // Through the edge's call, as an edge sends them: one call after another.
  const { key } = await createEdgeKey(db, 'bench', new Date());
  started = performance.now();
  for (const payload of bodies) {
    const answer = await app.inject({
      method: 'POST',
      url: trafficPaths.ingest,
      headers: { authorization: `Edge ${key}`, 'content-type': 'application/x-ndjson' },
      payload,
    });
    if (answer.json().data?.accepted !== BATCH)
      throw new Error(`ingestion refused: ${answer.body.slice(0, 200)}`);
  }
  const ingestRate = lines.length / ((performance.now() - started) / 1000);

  // A month of 5-minute bandwidth of all the account's domains through the API.
  const { signIn } = await import('../tests/support/server-harness');
  const { token } = await signIn(app, 'demo');
  const times: number[] = [];
  const body = {
    all: true,
    start: new Date(now - 30 * 86_400_000).toISOString(),
    end: new Date(now).toISOString(),
    granularity: 5,
  };
  let points = 0;
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/v3/statistics/traffic/series',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    times.push(performance.now() - t);
    points = response.json().data.points.at.length;
  }
  await app.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  const p95 = percentile(times.slice(5), 95);
  console.log(`traffic [${kind}]`);
  console.log(
    `  parse only, one thread: ${Math.round(parseRate)} lines/s (${valid} lines valid of ${lines.length})`,
  );
  console.log(
    `  ingestion into rollups: ${Math.round(ingestRate)} lines/s through the edge's call (HTTP), calls of ${BATCH} lines one after another, read by ${ingestPool().size} workers${kind === 'pglite' ? ` (goal ${INGEST_GOAL}: ${verdict(-ingestRate, -INGEST_GOAL)})` : ''}`,
  );
  console.log(
    `  90 days of demo history (${seeded} lines, ${domains.length} domains, bulk path): ${Math.round(seedMs)} ms (goal ${SEED_GOAL_MS} ms on the embedded database: ${kind === 'pglite' ? verdict(seedMs, SEED_GOAL_MS) : 'n/a'})`,
  );
  console.log(
    `  a month of 5-minute bandwidth, every domain (${points} points, account-level rollup): p95 ${Math.round(p95)} ms (goal ${QUERY_GOAL_MS} ms: ${verdict(p95, QUERY_GOAL_MS)})`,
  );
}

await run('pglite');
const url =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await probe.connect();
  await probe.end();
  await run('postgres', url);
} catch (error) {
  console.log(`traffic [postgres]: skipped, no PostgreSQL at ${url} (${(error as Error).message})`);
}
process.exit(0);
