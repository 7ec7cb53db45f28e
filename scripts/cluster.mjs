// npm run cluster -- [instances]: several instances of the console on one PostgreSQL database,
// behind nginx as their load balancer, on this machine. See README, "Several instances".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { balancerConfig } from './balancer.mjs';
import { ensureNginx } from './nginx.mjs';

const count = Number(process.argv[2] ?? 3);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('usage: npm run cluster -- [instances, 1 to 16]');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? 'data/cluster');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cdn_cluster';

/** The database named by the URL, created on its server when missing. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`database ${name} created`);
    }
  } finally {
    await client.end();
  }
}

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 8000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => {
      rmSync(join(dataDir, 'server.json'), { force: true });
      process.exit(code);
    },
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** A child whose output lines carry its name. */
function run(name, command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] stopped (${signal ?? code}); the others go on`);
  });
  children.push(child);
  return child;
}

const nginx = ensureNginx();
await ensureDatabase(databaseUrl);
if (!existsSync('dist/index.html')) {
  console.log('building the console…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// One operator key for every instance, where `npm run admin` reads it; the balancer's address
// where `npm run admin` looks for the server.
mkdirSync(dataDir, { recursive: true });
const operatorKey = randomBytes(32).toString('base64url');
writeFileSync(join(dataDir, 'operator.key'), `${operatorKey}\n`, { mode: 0o600 });
chmodSync(join(dataDir, 'operator.key'), 0o600);
writeFileSync(
  join(dataDir, 'server.json'),
  `${JSON.stringify({ pid: process.pid, url: `http://${host}:${port}` })}\n`,
  { mode: 0o600 },
);

const upstreams = [];
for (let i = 1; i <= count; i += 1) {
  const instancePort = port + i;
  upstreams.push(`127.0.0.1:${instancePort}`);
  // Node with tsx's loader (not the tsx runner): a stop signal reaches the server itself.
  run(`console ${i}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(instancePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    OPERATOR_KEY: operatorKey,
    // Client addresses come from the balancer's X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    // One local edge node, beside the first instance.
    EDGE: i === 1 ? (process.env.EDGE ?? 'auto') : 'off',
  });
}

const root = join(dataDir, 'balancer');
rmSync(root, { recursive: true, force: true });
mkdirSync(join(root, 'tmp'), { recursive: true });
writeFileSync(join(root, 'nginx.conf'), balancerConfig(root, `${host}:${port}`, upstreams));
run('balancer', nginx, ['-p', `${root}/`, '-c', join(root, 'nginx.conf'), '-g', 'daemon off;']).on(
  'exit',
  () => stop(1),
);
console.log(`${count} instances on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} behind http://${host}:${port}`);
if (!process.env.REDIS_URL)
  console.log('  rate limits: counted by each instance (set REDIS_URL to count them together)');
