// The domain list read through the load balancer with one and with three instances on one
// PostgreSQL database: calls per second and the 99th percentile under 10 concurrent clients, each
// instance's CPU and its CPU a call, and what PostgreSQL, nginx and the clients used. On a 2-core
// machine three instances cannot go faster than the cores allow; the goal is that sharing the work
// costs little: three ≥ 0.9× one, p99 ≤ 50 ms. The clients run on the same two cores: with one
// instance they and nginx have the second core nearly to themselves, with three they share both.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { freePort, startServer, type RunningServer } from '../tests/e2e/support/server-process';
// @ts-expect-error plain ESM helpers shared with npm run cluster
import { balancerConfig } from '../scripts/balancer.mjs';
// @ts-expect-error plain ESM helper
import { ensureNginx } from '../scripts/nginx.mjs';
import { demoPassword, percentile, seedDomains, signIn, underLoad as underLoadOf, verdict } from './support';

const COUNT = Number(process.env.BENCH_DOMAINS ?? 2_000);
const CLIENTS = 10;
const REQUESTS = 6000;
/** Rounds of each count, taken in turn. */
const ROUNDS = 6;
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

/** CPU seconds used by each live process of one name (`postgres`, `nginx`), by process id, from /proc. */
function cpuSecondsOf(command: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command)
        used.set(Number(pid), cpuSeconds(Number(pid)));
    } catch {
      // ended meanwhile
    }
  }
  return used;
}

/** What the processes of `after` used since `before` (a process started since counts whole; one that ended is not seen). */
const usedSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** CPU seconds of the instances, PostgreSQL, nginx and this process (the clients). */
const machineCpu = () => {
  const own = process.cpuUsage();
  return {
    instances: servers.map((s) => cpuSeconds(s.process.pid!)),
    postgres: cpuSecondsOf('postgres'),
    nginx: cpuSecondsOf('nginx'),
    clients: (own.user + own.system) / 1e6,
  };
};

const views = [
  {},
  { keyword: 'img12' },
  { keyword: 'static7', status: 'active' },
  { status: 'hung_up' },
  { sort: 'domain' },
  { sort: '-updated_at', page: '50' },
  { page: '40' },
].map((query) => `/v3/domain/domain/lists?${new URLSearchParams(query as Record<string, string>)}`);

// The clients share the machine's two cores with what they measure: they call through node's own
// HTTP client on kept-alive connections, about a third of fetch's CPU a call, so that the cores go to
// the instances rather than to the load.
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One call through the balancer: its time, once the answer is read, unpacked and parsed. */
const timeCall = (token: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    const t0 = performance.now();
    const req = httpGet(
      `${base}${path}`,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
          ).toString();
          // The envelope's success by its first bytes, as the serializer writes it: parsing
          // every page in the clients would take CPU from the instances they measure.
          if (res.statusCode !== 200 || !text.startsWith('{"code":0,'))
            reject(new Error(`list answered ${text.slice(0, 200)}`));
          else resolve(performance.now() - t0);
        });
      },
    );
    req.on('error', reject);
  });

/** CLIENTS clients reading the list through the balancer, `total` calls in all. */
const underLoad = (token: string, total: number) =>
  underLoadOf(CLIENTS, views, total, (path) => timeCall(token, path));

/** One round of `total` calls through the balancer in front of `count` instances. */
async function measure(count: number, total: number) {
  await balance(count);
  const token = await signIn(base, 'demo', demoPassword());
  await underLoad(token, 300); // warm-up: every instance plans its queries and fills its list index
  const before = machineCpu();
  const started = performance.now();
  const load = await underLoad(token, total);
  const seconds = (performance.now() - started) / 1000;
  const after = machineCpu();
  const share = (key: 'postgres' | 'nginx') => usedSince(before[key], after[key]) / seconds;
  const cpu = after.instances.slice(0, count).map((c, i) => (c - before.instances[i]!) / seconds);
  return {
    ...load,
    seconds,
    cpu,
    postgres: share('postgres'),
    nginx: share('nginx'),
    clients: (after.clients - before.clients) / seconds,
  };
}

type Round = Awaited<ReturnType<typeof measure>>;

/** The rounds of one count as one: calls over time, every call's time, each instance's mean CPU. */
const pooled = (rounds: Round[]) => {
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const times = rounds.flatMap((r) => r.times);
  const cpu = rounds[0]!.cpu.map(
    (_, i) => rounds.reduce((sum, r) => sum + r.cpu[i]! * r.seconds, 0) / seconds,
  );
  const mean = (key: 'postgres' | 'nginx' | 'clients') =>
    rounds.reduce((sum, r) => sum + r[key] * r.seconds, 0) / seconds;
  return {
    rate: times.length / seconds,
    times,
    cpu,
    postgres: mean('postgres'),
    nginx: mean('nginx'),
    clients: mean('clients'),
  };
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
  const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
  const line = (label: string, r: ReturnType<typeof pooled>) =>
    `  ${label}: ${r.rate.toFixed(0)} calls/s, median ${ms(percentile(r.times, 50))}, p99 ${ms(percentile(r.times, 99))} (goal ≤ ${P99_GOAL_MS} ms: ${verdict(percentile(r.times, 99), P99_GOAL_MS)}); CPU ${r.cpu.map(pct).join(', ')} (${ms((r.cpu.reduce((a, b) => a + b, 0) * 1000) / r.rate)} of instance CPU a call); PostgreSQL ${pct(r.postgres)}, nginx ${pct(r.nginx)}, clients ${pct(r.clients)}`;
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
  agent.destroy();
  stopBalancer();
  await Promise.all(servers.map((s) => s.stop()));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
