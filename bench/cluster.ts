// The domain list read through the load balancer with one and with three instances on one
// PostgreSQL database: calls per second and the 99th percentile under 10 concurrent clients, and
// each instance's CPU. On a 2-core machine three instances cannot go faster than the cores allow;
// the goal is that sharing the work costs little: three ≥ 0.9× one, p99 ≤ 50 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer, type RunningServer } from '../tests/e2e/support/server-process';
// @ts-expect-error plain ESM helpers shared with npm run cluster
import { balancerConfig } from '../scripts/balancer.mjs';
// @ts-expect-error plain ESM helper
import { ensureNginx } from '../scripts/nginx.mjs';
import { demoPassword, percentile, seedDomains, signIn, underLoad as underLoadOf, verdict } from './support';

const COUNT = Number(process.env.BENCH_DOMAINS ?? 2_000);
const CLIENTS = 10;
const REQUESTS = 3000;
/** Rounds of each count, taken in turn. */
const ROUNDS = 3;
const RATIO_GOAL = 0.9;
const P99_GOAL_MS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// A database of its own, dropped at the end.
const name = `cdn_bench_cluster_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-cluster-'));
const env = {
  DATA_DIR: dataDir,
  STATIC_DIR: 'dist',
  DATABASE_URL: databaseUrl,
  OPERATOR_KEY: randomBytes(32).toString('base64url'),
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_TOKEN: '100000000',
  RATE_LIMIT_ADDRESS: '100000000',
};
const nginx = ensureNginx() as string;
const balancerRoot = join(dataDir, 'balancer');
mkdirSync(join(balancerRoot, 'tmp'), { recursive: true });
const balancerPort = await freePort();
const base = `http://127.0.0.1:${balancerPort}`;
let balancer: ChildProcess | null = null;
const servers: RunningServer[] = [];
const stopBalancer = () => balancer?.kill('SIGTERM');

/** nginx in front of the first `count` instances, started again for each count. */
async function balance(count: number) {
  if (balancer) {
    const ended = new Promise((r) => balancer!.once('exit', r));
    balancer.kill('SIGTERM');
    await ended;
  }
  writeFileSync(
    join(balancerRoot, 'nginx.conf'),
    balancerConfig(
      balancerRoot,
      `127.0.0.1:${balancerPort}`,
      servers.slice(0, count).map((s) => `127.0.0.1:${s.port}`),
    ) as string,
  );
  balancer = spawn(
    nginx,
    ['-p', `${balancerRoot}/`, '-c', join(balancerRoot, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await fetch(`${base}/portal/login`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the balancer did not answer');
}

/** CPU seconds (user and system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const views = [
  {},
  { keyword: 'img12' },
  { keyword: 'static7', status: 'active' },
  { status: 'hung_up' },
  { sort: 'domain' },
  { sort: '-updated_at', page: '50' },
  { page: '40' },
].map((query) => `/v3/domain/domain/lists?${new URLSearchParams(query as Record<string, string>)}`);

/** CLIENTS clients reading the list through the balancer, `total` calls in all. */
const underLoad = (token: string, total: number) =>
  underLoadOf(CLIENTS, views, total, async (path) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    const body = (await res.json()) as { code: number };
    if (body.code !== 0) throw new Error(`list answered ${JSON.stringify(body)}`);
    return performance.now() - t0;
  });

/** One round of `total` calls through the balancer in front of `count` instances. */
async function measure(count: number, total: number) {
  await balance(count);
  const token = await signIn(base, 'demo', demoPassword());
  await underLoad(token, 300); // warm-up: every instance plans its queries and fills its list index
  const before = servers.map((s) => cpuSeconds(s.process.pid!));
  const started = performance.now();
  const load = await underLoad(token, total);
  const seconds = (performance.now() - started) / 1000;
  const cpu = servers.slice(0, count).map((s, i) => (cpuSeconds(s.process.pid!) - before[i]!) / seconds);
  return { ...load, seconds, cpu };
}

type Round = Awaited<ReturnType<typeof measure>>;

/** The rounds of one count as one: calls over time, every call's time, each instance's mean CPU. */
const pooled = (rounds: Round[]) => {
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const times = rounds.flatMap((r) => r.times);
  const cpu = rounds[0]!.cpu.map(
    (_, i) => rounds.reduce((sum, r) => sum + r.cpu[i]! * r.seconds, 0) / seconds,
  );
  return { rate: times.length / seconds, times, cpu };
};

try {
  // The demo account and COUNT more domains, seeded once the first instance has migrated.
  servers.push(await startServer(env, 240_000));
  seedDomains(env, COUNT);
  while (servers.length < 3) servers.push(await startServer(env, 240_000));
  // One instance and three in turn, a round each at a time: a machine whose speed drifts (a
  // shared host) slows both alike, instead of whichever was measured second.
  const ones: Round[] = [];
  const threes: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ones.push(await measure(1, REQUESTS / ROUNDS));
    threes.push(await measure(3, REQUESTS / ROUNDS));
  }
  const one = pooled(ones);
  const three = pooled(threes);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const line = (label: string, r: ReturnType<typeof pooled>) =>
    `  ${label}: ${r.rate.toFixed(0)} calls/s, median ${ms(percentile(r.times, 50))}, p99 ${ms(percentile(r.times, 99))} (goal ≤ ${P99_GOAL_MS} ms: ${verdict(percentile(r.times, 99), P99_GOAL_MS)}); CPU ${r.cpu.map((c) => `${(c * 100).toFixed(0)}%`).join(', ')}`;
  console.log(
    `cluster: the domain list (${COUNT + 31} domains) through nginx, ${CLIENTS} clients, ${REQUESTS} calls each in ${ROUNDS} rounds taken in turn, PostgreSQL`,
  );
  console.log(line('1 instance ', one));
  console.log(line('3 instances', three));
  const ratio = three.rate / one.rate;
  console.log(
    `  three instances / one: ${ratio.toFixed(2)}× (goal ≥ ${RATIO_GOAL}: ${ratio >= RATIO_GOAL ? 'met' : 'MISSED'})`,
  );
} finally {
  stopBalancer();
  await Promise.all(servers.map((s) => s.stop()));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
