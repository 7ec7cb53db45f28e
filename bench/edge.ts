// The edge: Debian's nginx driven by the edge agent (edge/). Three figures, each beside its goal:
// 1. a configuration command accepted by the console → in effect at the edge, p95 ≤ 5 s: the real
//    server on the embedded database and one agent polling at its deployed interval, a response
//    header changed again and again and looked for through nginx every 20 ms;
// 2. render + `nginx -t` + reload of 1,000 domains ≤ 5 s, with the renderer and the Nginx wrapper
//    (and, for comparison, the same through the agent from a stand-in console);
// 3. a cached 10 KB object through the edge against the same file served by nginx from disk:
//    requests per second under wrk, ratio ≥ 0.8.
import { execFile, execFileSync, execSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { EdgeAgent } from '../edge/agent';
import { Nginx } from '../edge/nginx';
import { layoutDirs, renderDomain, renderMain, type NodeLayout, type RenderedFile } from '../edge/render';
import type { CacheRule } from '../src/contract/domain-config';
import { edgePaths, type EdgeDomain } from '../src/contract/edge';
import { readOperatorKey } from '../server/operator/key';
import { startServer } from '../tests/e2e/support/server-process';
import { edgeDomain, freePorts, loopbackOrigin } from '../tests/support/nginx-node';
// @ts-expect-error -- a plain ES module of the project's scripts
import { ensureNginx, nginxModules, nginxPath } from '../scripts/nginx.mjs';
import { demoPassword, percentile, signIn, verdict } from './support';

const run = promisify(execFile);
const nginx = nginxPath as string;
const modules = nginxModules as string;

/** The agent's poll interval as deployed (EdgeAgent's default, which edge/main.ts keeps). */
const INTERVAL_MS = 1000;
const CHANGES = Number(process.env.BENCH_EDGE_CHANGES ?? 20);
const EFFECT_GOAL_MS = 5000;
const DOMAINS = 1000;
const RELOAD_ROUNDS = 3;
const RELOAD_GOAL_MS = 5000;
const OBJECT_BYTES = 10 * 1024;
const LOAD_SECONDS = 2;
const LOAD_ROUNDS = 5;
const CONNECTIONS = 32;
const RATIO_GOAL = 0.8;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => percentile(values, 50);
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));
const asRoot = process.getuid?.() === 0;

// ---- clean-up: whatever a figure started ends with it, and on a signal or a failure too --------

const cleanups: (() => unknown)[] = [];
const defer = (cleanup: () => unknown) => cleanups.push(cleanup);

async function cleanUpTo(mark: number): Promise<void> {
  while (cleanups.length > mark) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error(`  clean-up: ${(error as Error).message}`);
    }
  }
}

/** Runs one figure; what it deferred is cleaned up when it ends, so the next runs on a quiet machine. */
async function scope<T>(body: () => Promise<T>): Promise<T> {
  const mark = cleanups.length;
  try {
    return await body();
  } finally {
    await cleanUpTo(mark);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUpTo(0).finally(() => process.exit(130)));

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cdn-bench-edge-${name}-`));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function listen(handler: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  defer(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET on a fresh connection, as a new visitor makes it: it meets the workers nginx runs now. */
function get(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host }, agent: false, timeout: 5000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end();
  });
}

/** Asks `probe` every `everyMs` until it answers true; throws after `timeoutMs`. */
async function until(what: string, timeoutMs: number, probe: () => Promise<boolean>, everyMs = 20) {
  const deadline = performance.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

// ---- an nginx of the bench's own, for the figures that need no console --------------------------

/**
 * The renderer's files in a temporary root and Debian's nginx run by the agent's Nginx wrapper,
 * with the agent's way of knowing a reload took effect: a loopback server answering the
 * configuration's generation (EdgeAgent's control file), asked until the new one answers.
 */
class BenchNode {
  readonly nginx: Nginx;
  private generation = 0;

  private constructor(
    readonly layout: NodeLayout,
    readonly controlPort: number,
    readonly spare: number[],
  ) {
    this.nginx = new Nginx(nginx, layout.root);
  }

  /** A node on free loopback ports, with `spare` more ports for servers of the caller's. */
  static async create(name: string, spare = 0): Promise<BenchNode> {
    const [httpPort, httpsPort, controlPort, ...more] = await freePorts(3 + spare);
    const layout: NodeLayout = {
      root: tempDir(name),
      listen: '127.0.0.1',
      httpPort: httpPort!,
      httpsPort: httpsPort!,
      modules,
      // As the agent does: a master started as root runs its workers as nobody.
      ...(asRoot ? { user: 'nobody nogroup' } : {}),
    };
    for (const dir of layoutDirs) await mkdir(join(layout.root, dir), { recursive: true });
    if (asRoot) {
      // As the agent's start does: the workers reach their files through the root and write the
      // cache and the temporary files.
      const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
      await chmod(layout.root, 0o711);
      for (const dir of ['cache', 'temp']) await chown(join(layout.root, dir), id('-u'), id('-g'));
    }
    return new BenchNode(layout, controlPort!, more);
  }

  get root(): string {
    return this.layout.root;
  }

  /** The control server of the next generation: written with the files the next reload takes. */
  nextControl(): RenderedFile {
    this.generation += 1;
    return {
      path: 'domains/_agent.conf',
      content: [
        'server {',
        `  listen 127.0.0.1:${this.controlPort};`,
        '  access_log off;',
        `  location = /generation { return 200 "${this.generation}"; }`,
        '}',
        '',
      ].join('\n'),
    };
  }

  /** Writes files one after another, as the agent's writeFiles does. */
  async write(files: readonly RenderedFile[]): Promise<void> {
    for (const file of files) {
      const path = join(this.root, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content, { mode: file.mode ?? 0o644 });
    }
  }

  /** `nginx -t` through the wrapper; throws with nginx's words. */
  async test(): Promise<void> {
    const problem = await this.nginx.test();
    if (problem) throw new Error(`nginx -t: ${problem.message} (${problem.file}:${problem.line})`);
  }

  /** Starts nginx on what was written (nextControl included) and waits until it answers. */
  async start(): Promise<void> {
    await this.test();
    this.nginx.start();
    defer(() => this.nginx.stop());
    await this.served();
  }

  /** The wrapper's reload (SIGHUP), then the wait until new connections meet the new generation. */
  async reload(): Promise<void> {
    await this.nginx.reload();
    await this.served();
  }

  private served(): Promise<void> {
    const expected = String(this.generation);
    return until(`nginx serving generation ${expected}`, 15_000, async () => {
      const answer = await get(this.controlPort, 'control', '/generation');
      return answer.body.toString() === expected;
    });
  }

  /** CPU seconds the master's workers have used so far (from /proc). */
  workersCpu(): number {
    const master = Number(readFileSync(join(this.root, 'logs/nginx.pid'), 'utf8').trim());
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // After the name: state, ppid, … utime (11th), stime (12th).
        if (Number(fields[1]) === master) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks / clockTicks;
  }
}

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

// ---- 1. a command accepted → in effect at the edge ----------------------------------------------

interface RelayedCall {
  path: string;
  start: number;
  end: number;
  /** For a configuration answer: the bench domain's X-Bench value in it, if the domain is in it. */
  bench?: string;
}

/**
 * The agent reaches the console through this relay, which notes when each call went and came
 * back: when the agent asked after a command, how long the answer took, and (its report) when the
 * apply ended. Accept-Encoding is dropped so the relay reads the answers as they are; on loopback
 * the extra hop costs well under a millisecond.
 */
async function timingRelay(consolePort: number, domainId: () => string) {
  const calls: RelayedCall[] = [];
  const { port } = await listen((request, response) => {
    const start = performance.now();
    const path = (request.url ?? '').split('?')[0]!;
    const headers = { ...request.headers };
    delete headers['accept-encoding'];
    const upstream = httpRequest(
      { host: '127.0.0.1', port: consolePort, path: request.url, method: request.method, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const call: RelayedCall = { path, start, end: performance.now() };
          if (path === edgePaths.config) {
            const config = JSON.parse(body.toString()) as {
              data?: { domains?: { id: string; sections: EdgeDomain['sections'] }[] };
            };
            const domain = config.data?.domains?.find((d) => d.id === domainId());
            const header = domain?.sections.domainHeaders.response.find((rule) => rule.name === 'X-Bench');
            if (header) call.bench = header.value;
          }
          calls.push(call);
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          response.end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502);
      response.end(error.message);
    });
    request.pipe(upstream);
  });
  return { url: `http://127.0.0.1:${port}`, calls };
}

interface EffectFigures {
  times: number[];
  pollWait: number[];
  fetch: number[];
  apply: number[];
  domainsServed: number;
  nginxTest: number[];
  agentLog: string[];
}

async function commandToEdge(): Promise<EffectFigures> {
  const dataDir = tempDir('console');
  const server = await startServer({
    DATA_DIR: dataDir,
    STATIC_DIR: 'dist',
    DEMO: '1',
    DATABASE_URL: '',
    DEMO_TRAFFIC_DAYS: '0',
    RATE_LIMIT_TOKEN: '100000000',
    RATE_LIMIT_ADDRESS: '100000000',
    // The bench's origin is on loopback; the bench's agent is the only edge node.
    ORIGIN_PRIVATE: '1',
    EDGE: 'off',
  });
  defer(() => server.stop());

  const { port: originPort } = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  const domainId = randomUUID();
  const domainName = `bench-${domainId.slice(0, 8)}.example.com`;
  const relay = await timingRelay(server.port, () => domainId);

  const made = await fetch(`${server.url}/operator/edge-key`, {
    method: 'POST',
    headers: { 'x-operator-key': readOperatorKey(dataDir) ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create', name: 'bench-edge' }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { key: string } }>);
  if (made.code !== 0) throw new Error(`edge key: ${made.msg}`);
  const token = await signIn(server.url, 'demo', demoPassword());

  const [httpPort, httpsPort, controlPort] = await freePorts(3);
  const root = tempDir('node');
  const agentLog: string[] = [];
  const agent = new EdgeAgent({
    consoleUrl: relay.url,
    key: made.data.key,
    root,
    listen: '127.0.0.1',
    httpPort: httpPort!,
    httpsPort: httpsPort!,
    controlPort: controlPort!,
    nginx,
    modules,
    // intervalMs left out: the default, as deployed.
    log: (line) => agentLog.push(line),
  });
  defer(() => agent.stop());
  await agent.start();

  const command = async (path: string, body: unknown) => {
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `bench-edge-${randomUUID()}`,
      },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  };
  await command('/v3/domain/domain/add', {
    id: domainId,
    domain: domainName,
    service_type: 'web',
    area: '1',
    business_type: 'web',
    origins: [{ type: 'ip', address: '127.0.0.1', port: originPort, level: 10, weight: 10 }],
    group_id: null,
  });
  const through = () => get(httpPort!, domainName, '/bench.txt');
  await until('the new domain served', 15_000, async () => (await through()).body.toString() === 'ok');

  const figures: EffectFigures = {
    times: [],
    pollWait: [],
    fetch: [],
    apply: [],
    domainsServed: 0,
    nginxTest: [],
    agentLog,
  };
  // One change first, not counted: the server's and the agent's first pass through this path.
  for (let n = 0; n <= CHANGES; n++) {
    // Commands come at any moment of the agent's cycle, not right after its last round (which is
    // when this loop would otherwise send them, each then waiting a whole interval).
    await sleep(Math.random() * INTERVAL_MS);
    const value = `change-${n}`;
    await command('/v3/domain/headers/update', {
      id: domainId,
      content: { request: [], response: [{ action: 'set', name: 'X-Bench', value }] },
    });
    const accepted = performance.now();
    await until(
      `X-Bench ${value} at the edge`,
      30_000,
      async () => (await through()).headers['x-bench'] === value,
    );
    const seen = performance.now();
    if (n === 0) continue;
    figures.times.push(seen - accepted);
    const config = relay.calls.find((call) => call.path === edgePaths.config && call.bench === value);
    const report =
      config && relay.calls.find((call) => call.path === edgePaths.report && call.start >= config.end);
    if (config) {
      figures.pollWait.push(Math.max(0, config.start - accepted));
      figures.fetch.push(config.end - config.start);
    }
    if (config && report) figures.apply.push(report.start - config.end);
  }

  figures.domainsServed = readdirSync(join(root, 'domains')).filter(
    (name) => name.endsWith('.conf') && name !== '_agent.conf',
  ).length;
  // `nginx -t` alone on the node's configuration as it stands: the part of each apply it takes.
  const probe = new Nginx(nginx, root);
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await probe.test();
    figures.nginxTest.push(performance.now() - started);
  }
  return figures;
}

// ---- 2. render + check + reload for 1,000 domains -----------------------------------------------

const cacheRule = (type: CacheRule['type'], content: string, ttl: number, priority: number): CacheRule => ({
  type,
  content,
  ttl,
  priority,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: true,
  query: 'keep',
});
const cacheRules = [
  cacheRule('suffix', 'jpg,png,css,js', 86_400, 1),
  cacheRule('directory', '/static/', 3600, 2),
  cacheRule('path', '/index.html', 60, 3),
];

/** `count` domains as the console sends them: defaults, a few cache rules and headers, one origin. */
function manyDomains(ids: string[], originPort: number, seq: number): EdgeDomain[] {
  return ids.map((id, i) =>
    edgeDomain(
      { id, name: `d${i}.bench-edge.example.com`, origins: [loopbackOrigin(originPort)], seq, version: seq },
      {
        domainCache: { rules: cacheRules },
        domainHeaders: {
          request: [{ action: 'set', name: 'X-From', value: 'cdn' }],
          response: [
            { action: 'set', name: 'X-Served-By', value: `edge-${i}` },
            { action: 'set', name: 'X-Frame-Options', value: 'SAMEORIGIN' },
            { action: 'delete', name: 'X-Powered-By', value: '' },
          ],
        },
      },
    ),
  );
}

interface ReloadRound {
  render: number;
  write: number;
  test: number;
  reload: number;
  total: number;
}

interface ReloadFigures {
  rounds: ReloadRound[];
  one: ReloadRound[];
  confBytes: number;
  agentAll: number;
  agentOne: number;
  configBytes: number;
}

async function thousandDomains(): Promise<ReloadFigures> {
  const { port: originPort } = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  const ids = Array.from({ length: DOMAINS }, () => randomUUID());
  const last = `d${DOMAINS - 1}.bench-edge.example.com`;

  const direct = await scope(async () => {
    const node = await BenchNode.create('reload');
    await node.write([...renderMain(node.layout), node.nextControl()]);
    await node.start();
    /** One apply as the agent makes it: render, write, check, reload, for `domains`. */
    const apply = async (domains: EdgeDomain[], main: boolean): Promise<ReloadRound> => {
      const t0 = performance.now();
      const now = new Date();
      const files = [
        ...(main ? renderMain(node.layout) : []),
        ...domains.flatMap((domain) => renderDomain(domain, node.layout, now).files),
      ];
      const t1 = performance.now();
      await node.write([...files, node.nextControl()]);
      const t2 = performance.now();
      await node.test();
      const t3 = performance.now();
      await node.reload();
      const t4 = performance.now();
      return { render: t1 - t0, write: t2 - t1, test: t3 - t2, reload: t4 - t3, total: t4 - t0 };
    };
    const rounds: ReloadRound[] = [];
    // The first round adds the 1,000 to a running nginx serving none; the next ones rewrite them all.
    for (let seq = 1; seq <= RELOAD_ROUNDS; seq++) {
      rounds.push(await apply(manyDomains(ids, originPort, seq), true));
      const answer = await get(node.layout.httpPort, last, '/index.html');
      if (answer.status !== 200 || answer.body.toString() !== 'ok')
        throw new Error(`the last domain answered ${answer.status} after the reload`);
    }
    // What one command costs a node that serves 1,000 domains: one file, but nginx reads them all.
    const one: ReloadRound[] = [];
    for (let seq = RELOAD_ROUNDS + 1; seq <= RELOAD_ROUNDS + 3; seq++)
      one.push(await apply(manyDomains(ids.slice(0, 1), originPort, seq), false));
    const confBytes = readdirSync(join(node.root, 'domains')).reduce(
      (sum, name) => sum + readFileSync(join(node.root, 'domains', name)).length,
      0,
    );
    return { rounds, one, confBytes };
  });

  // The same through the agent: a stand-in console answers the 1,000 domains as one change, then
  // one of them changed; each timed from the agent's sync() call to its end (report sent).
  const agentRun = await scope(async () => {
    const answer = { seq: 0, body: '' };
    const respond = (since: number) =>
      since < answer.seq
        ? answer.body
        : JSON.stringify({ seq: since, full: false, domains: [], removed: [], jobs: [] });
    const { port } = await listen((request, response) => {
      const url = new URL(request.url ?? '/', 'http://console');
      request.resume();
      request.on('end', () => {
        const data =
          url.pathname === edgePaths.config
            ? respond(Number(url.searchParams.get('since') ?? 0))
            : JSON.stringify(url.pathname === edgePaths.register ? { name: 'bench' } : {});
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`{"code":0,"msg":"ok","data":${data}}`);
      });
    });
    const [httpPort, httpsPort, controlPort] = await freePorts(3);
    const agent = new EdgeAgent({
      consoleUrl: `http://127.0.0.1:${port}`,
      key: 'bench',
      root: tempDir('agent'),
      listen: '127.0.0.1',
      httpPort: httpPort!,
      httpsPort: httpsPort!,
      controlPort: controlPort!,
      nginx,
      modules,
      // Only the bench's own sync() calls run rounds.
      intervalMs: 3_600_000,
      shipLogs: false,
      log: (line) => console.warn(`  agent: ${line}`),
    });
    defer(() => agent.stop());
    await agent.start();
    const change = async (seq: number, domains: EdgeDomain[]) => {
      answer.seq = seq;
      answer.body = JSON.stringify({ seq, full: false, domains, removed: [], jobs: [] });
      const started = performance.now();
      await agent.sync();
      return performance.now() - started;
    };
    const all = await change(1, manyDomains(ids, originPort, 1));
    const configBytes = answer.body.length;
    const served = await get(httpPort!, last, '/index.html');
    if (served.status !== 200) throw new Error(`the agent's last domain answered ${served.status}`);
    const one = await change(2, manyDomains(ids.slice(0, 1), originPort, 2));
    return { all, one, configBytes };
  });

  return {
    ...direct,
    agentAll: agentRun.all,
    agentOne: agentRun.one,
    configBytes: agentRun.configBytes,
  };
}

// ---- 3. a cached object through the edge vs nginx serving the file ------------------------------

/** wrk from Debian, installed when missing (as scripts/nginx.mjs does for nginx); null if it cannot be. */
function ensureWrk(): string | null {
  const find = () =>
    (process.env.PATH ?? '/usr/bin')
      .split(':')
      .map((dir) => join(dir, 'wrk'))
      .find((path) => existsSync(path)) ?? null;
  const found = find();
  if (found) return found;
  const sudo = asRoot ? '' : 'sudo ';
  console.log('  Installing wrk (apt-get)…');
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk`,
      { stdio: 'inherit' },
    );
  } catch {
    return null;
  }
  return find();
}

interface LoadRun {
  rps: number;
  /** CPU time of nginx's workers per request, in µs. */
  cpuPerRequest: number;
}

interface CacheFigures {
  edge: LoadRun[];
  file: LoadRun[];
  cores: number;
}

async function cachedObject(wrk: string): Promise<CacheFigures> {
  const object = randomBytes(OBJECT_BYTES);
  const { port: originPort } = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
    response.end(object);
  });
  // One nginx serves both, so both have the same workers, settings and machine.
  const node = await BenchNode.create('cache', 1);
  const plainPort = node.spare[0]!;
  const domain = edgeDomain(
    { name: 'cached.bench-edge.example.com', origins: [loopbackOrigin(originPort)] },
    { domainCache: { rules: [cacheRule('suffix', 'bin', 3600, 1)] } },
  );
  const staticDir = join(node.root, 'static');
  await mkdir(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'object.bin'), object);
  const plain: RenderedFile = {
    path: 'domains/plain.conf',
    content: [
      '# The same bytes served from disk by a plain server, as a stock nginx would: its own',
      '# access log in the default format, in place of the edge domains’ JSON log.',
      'server {',
      `    listen 127.0.0.1:${plainPort};`,
      '    server_name plain;',
      `    access_log "${join(node.root, 'logs/plain.log')}" combined;`,
      `    root "${staticDir}";`,
      '    location / { }',
      '}',
      '',
    ].join('\n'),
  };
  await node.write([
    ...renderMain(node.layout),
    ...renderDomain(domain, node.layout, new Date()).files,
    plain,
    node.nextControl(),
  ]);
  await node.start();

  const viaEdge = () => get(node.layout.httpPort, domain.name, '/object.bin');
  const first = await viaEdge();
  const second = await viaEdge();
  const fromDisk = await get(plainPort, 'plain', '/object.bin');
  for (const [what, answer] of [
    ['edge', second],
    ['file', fromDisk],
  ] as const)
    if (answer.status !== 200 || !answer.body.equals(object))
      throw new Error(`${what} answered ${answer.status}`);
  if (first.headers['x-cache'] !== 'MISS' || second.headers['x-cache'] !== 'HIT')
    throw new Error(
      `edge cache: ${String(first.headers['x-cache'])} then ${String(second.headers['x-cache'])}`,
    );

  const load = async (port: number, host: string, seconds: number): Promise<LoadRun> => {
    const cpuBefore = node.workersCpu();
    const { stdout } = await run(wrk, [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '-H',
      `Host: ${host}`,
      `http://127.0.0.1:${port}/object.bin`,
    ]);
    const cpu = node.workersCpu() - cpuBefore;
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    const failed = /Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1];
    if (!Number.isFinite(rps) || failed) throw new Error(`wrk on ${host}: ${stdout}`);
    return { rps, cpuPerRequest: (cpu / requests) * 1e6 };
  };
  const edgeLoad = (seconds: number) => load(node.layout.httpPort, domain.name, seconds);
  const fileLoad = (seconds: number) => load(plainPort, 'plain', seconds);
  // A second each first: connections, workers and page cache settled before anything counts.
  await edgeLoad(1);
  await fileLoad(1);
  const figures: CacheFigures = { edge: [], file: [], cores: 0 };
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    figures.edge.push(await edgeLoad(LOAD_SECONDS));
    figures.file.push(await fileLoad(LOAD_SECONDS));
  }
  const after = await viaEdge();
  if (after.headers['x-cache'] !== 'HIT')
    throw new Error(`edge cache after the load: ${String(after.headers['x-cache'])}`);
  figures.cores = cpus().length;
  return figures;
}

// ---- the run -------------------------------------------------------------------------------------

const started = performance.now();
try {
  ensureNginx();
  // nginx -v says its version on stderr.
  const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr;
  console.log(
    `\nThe edge: ${version.trim() || 'Debian nginx'} with the Lua module, driven by the edge agent; ${cpus().length} cores:`,
  );

  const effect = await scope(commandToEdge);
  const p95 = percentile(effect.times, 95);
  console.log(
    `  command accepted → in effect at the edge (agent polling every ${INTERVAL_MS} ms, ${effect.times.length} header changes): p95 ${ms(p95)}, p50 ${ms(median(effect.times))}, max ${ms(Math.max(...effect.times))} (goal ≤ ${ms(EFFECT_GOAL_MS)}) ${verdict(p95, EFFECT_GOAL_MS)}`,
  );
  console.log(
    `    where it goes (medians): waiting for the agent's next poll ${ms(median(effect.pollWait))}, the changes fetched ${ms(median(effect.fetch))}, applied ${ms(median(effect.apply))} (render, write, nginx -t, reload and wait; p95 ${ms(percentile(effect.apply, 95))}); nginx -t alone on this node (${effect.domainsServed} domains: the demo's and the bench's) ${ms(median(effect.nginxTest))}`,
  );
  if (effect.agentLog.length > 0)
    console.log(`    the agent said: ${effect.agentLog.slice(0, 3).join(' | ')}`);

  const reload = await scope(thousandDomains);
  const worst = Math.max(...reload.rounds.map((r) => r.total));
  const phase = (rounds: ReloadRound[], key: keyof ReloadRound) => ms(median(rounds.map((r) => r[key])));
  console.log(
    `  render + nginx -t + reload, ${DOMAINS.toLocaleString('en')} domains (${(reload.confBytes / 1024 / 1024).toFixed(1)} MB of configuration): total ${ms(worst)}, the worst of ${RELOAD_ROUNDS} (median ${phase(reload.rounds, 'total')}) (goal ≤ ${ms(RELOAD_GOAL_MS)}) ${verdict(worst, RELOAD_GOAL_MS)}`,
  );
  console.log(
    `    medians: render ${phase(reload.rounds, 'render')}, write ${phase(reload.rounds, 'write')}, nginx -t ${phase(reload.rounds, 'test')}, reload until the new workers answer ${phase(reload.rounds, 'reload')}`,
  );
  console.log(
    `    one domain changed among them: render + write ${ms(median(reload.one.map((r) => r.render + r.write)))}, nginx -t ${phase(reload.one, 'test')}, reload ${phase(reload.one, 'reload')}, total ${phase(reload.one, 'total')}`,
  );
  console.log(
    `    through the agent, from a stand-in console (${(reload.configBytes / 1024 / 1024).toFixed(1)} MB of JSON): ${DOMAINS.toLocaleString('en')} new domains ${ms(reload.agentAll)}, then one of them changed ${ms(reload.agentOne)}`,
  );

  const wrk = ensureWrk();
  if (!wrk) console.log('  a cached 10 KB object: not measured (wrk is missing and could not be installed)');
  else {
    const cached = await scope(() => cachedObject(wrk));
    const edgeRps = median(cached.edge.map((r) => r.rps));
    const fileRps = median(cached.file.map((r) => r.rps));
    const ratio = edgeRps / fileRps;
    console.log(
      `  a cached 10 KB object, edge (HIT) vs the file served by nginx from disk, wrk 1 thread × ${CONNECTIONS} keep-alive connections, ${LOAD_ROUNDS} × ${LOAD_SECONDS} s each, interleaved, medians: edge ${edgeRps.toFixed(0)} req/s, file ${fileRps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL}) ${verdict(RATIO_GOAL, ratio)}`,
    );
    console.log(
      `    nginx workers' CPU per request: edge ${median(cached.edge.map((r) => r.cpuPerRequest)).toFixed(0)} µs, file ${median(cached.file.map((r) => r.cpuPerRequest)).toFixed(0)} µs (wrk and nginx share the ${cached.cores} cores); rounds edge ${cached.edge.map((r) => r.rps.toFixed(0)).join(', ')}, file ${cached.file.map((r) => r.rps.toFixed(0)).join(', ')}`,
    );
  }
  console.log(`  (the bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await cleanUpTo(0);
}
