import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { trafficPaths } from '../../../src/contract/traffic';

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * A server of its own on a fresh embedded database in `dataDir`, with `days` of demo traffic
 * history, resolved once that history has loaded.
 */
export async function startTrafficServer(dataDir: string, days: number): Promise<RunningServer> {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_TRAFFIC_DAYS: String(days) });
  const deadline = Date.now() + 120_000;
  while (!server.output().includes('demo traffic:') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `server/main.ts` as a user would, and resolves once it answers HTTP. No local edge node
 * unless `env` asks for one (EDGE=auto): nginx and the edge's ports are for the journeys that want them.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  // Node itself with tsx's loader, not the tsx runner: a signal goes straight to the server, never
  // through a relay that gives up on a busy machine (the runner kills a child that has not
  // acknowledged a signal within tens of milliseconds).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_TRAFFIC_DAYS: '0',
      EDGE: 'off',
      // Rate limits counted by this server alone, unless `env` shares them: other tests' servers
      // on the same machine would count the same loopback address.
      REDIS_URL: '',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/portal/login`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not start in ${timeoutMs} ms:\n${log}`);
  }
  return {
    url,
    port,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The portal sign-in over HTTP, as a browser does it: the form, the redirect's code, the view call
 * with the portal cookie. Answers the console token.
 */
export async function signInOverHttp(
  url: string,
  login: string,
  password = process.env.DEMO_PASSWORD || 'Cdn#Demo2026',
): Promise<string> {
  const form = await fetch(`${url}/portal/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ username: login, password, redirect_uri: '/', state: 'http-state' }),
  });
  if (form.status !== 303) throw new Error(`sign-in of ${login} answered ${form.status}`);
  const location = new URL(form.headers.get('location') ?? '', url);
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const view = await fetch(`${url}/account/user/view${location.search}`, { headers: { cookie } });
  return ((await view.json()) as { data: { token: string } }).data.token;
}

/** The API's answer envelope. */
export interface ApiAnswer<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

/** An API call with a console token over HTTP (a JSON body for POST): the answer's envelope. */
export async function apiCall<T = Record<string, unknown>>(
  url: string,
  token: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const answer = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as ApiAnswer<T>;
}

/** An edge node's key, made with the operator key: what `npm run admin -- edge-key create` does. */
export async function makeEdgeKey(url: string, operatorKey: string, name: string): Promise<string> {
  const made = await fetch(`${url}/operator/edge-key`, {
    method: 'POST',
    headers: { 'x-operator-key': operatorKey, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create', name }),
  });
  return ((await made.json()) as ApiAnswer<{ key: string }>).data.key;
}

/**
 * A batch of `count` access-log lines of `/crash` as an edge ships it, 90 s old: within the last
 * complete minute whenever it is read (the alarms read it 30 s after its end).
 */
export async function shipLogs(url: string, key: string, batch: string, domain: string, count: number) {
  const lines = Array.from({ length: count }, () =>
    JSON.stringify({
      time: Date.now() - 90_000,
      domain,
      client: '1.2.4.8',
      method: 'GET',
      url: '/crash',
      status: 200,
      bytes: 1000,
      request_time: 0.01,
      cache: 'HIT',
    }),
  ).join('\n');
  const answer = await fetch(`${url}${trafficPaths.ingest}`, {
    method: 'POST',
    headers: {
      authorization: `Edge ${key}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      'x-edge-batch': batch,
    },
    body: gzipSync(lines),
  });
  return (await answer.json()) as ApiAnswer;
}
