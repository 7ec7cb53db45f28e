// Gzip bombs at the edge's ingestion call, against the real server on the embedded database: 122 KB
// of gzip that inflate to 120 MB of zeros, posted by two concurrent loops. Another account's reads
// (the demo's domain list) are timed for a few seconds without load, then while the loops post
// bombs without a key, then with a live edge key; goal p99 ≤ 50 ms under either load: a caller
// cannot make the server unzip its way out of answering others.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { trafficPaths } from '../src/contract/traffic';
import { readOperatorKey } from '../server/operator/key';
import { startServer } from '../tests/e2e/support/server-process';
import { demoPassword, percentile, signIn, verdict } from './support';

const SECONDS = Number(process.env.BENCH_INGEST_GUARD_SECONDS ?? 5);
const LOOPS = 2;
const GOAL_MS = 50;

/**
 * The attacking loops (a worker thread): each posts `body`, reads the answer, and again, over one
 * kept-alive connection. node:http, lighter than fetch: on this machine the loops share its cores
 * with the server, and a remote attacker's sending would not.
 */
const attack = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, body, loops } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
let posting = true;
const codes = {};
parentPort.once('message', () => (posting = false));
const post = () =>
  new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/x-ndjson', 'content-length': body.length, ...headers },
    }, (response) => {
      const pieces = [];
      response.on('data', (piece) => pieces.push(piece));
      response.on('end', () => resolve(JSON.parse(Buffer.concat(pieces).toString()).code));
    });
    // A refusal may end the connection before the whole body was sent.
    request.on('error', (error) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve('reset') : reject(error)));
    request.end(body);
  });
const loop = async () => {
  while (posting) {
    const code = await post();
    codes[code] = (codes[code] || 0) + 1;
  }
};
parentPort.postMessage('started');
Promise.all(Array.from({ length: loops }, loop)).then(() => parentPort.postMessage(codes));
`;

/** `bytes` of zeros, gzipped a megabyte at a time. */
async function gzipOfZeros(bytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  const gzip = createGzip();
  const pieces: Buffer[] = [];
  gzip.on('data', (piece: Buffer) => pieces.push(piece));
  const ended = once(gzip, 'end');
  for (let at = 0; at < bytes; at += zeros.length) if (!gzip.write(zeros)) await once(gzip, 'drain');
  gzip.end();
  await ended;
  return Buffer.concat(pieces);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-ingest-guard-'));
const server = await startServer({
  DATA_DIR: dataDir,
  STATIC_DIR: 'dist',
  DEMO: '1',
  DATABASE_URL: '',
  DEMO_TRAFFIC_DAYS: '0',
  RATE_LIMIT_TOKEN: '100000000',
  RATE_LIMIT_ADDRESS: '100000000',
});
try {
  const token = await signIn(server.url, 'demo', demoPassword());
  const bomb = await gzipOfZeros(120 * 1024 * 1024);
  const made = await fetch(`${server.url}/operator/edge-key`, {
    method: 'POST',
    headers: { 'x-operator-key': readOperatorKey(dataDir) ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create', name: 'bench-ingest-guard' }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { key: string } }>);
  if (made.code !== 0) throw new Error(`edge key: ${made.msg}`);

  /** The demo's domain list, one read after another, for `SECONDS`: each read's time. */
  async function reads(): Promise<number[]> {
    const times: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      const started = performance.now();
      const answer = await fetch(`${server.url}/v3/domain/domain/lists?page=1&page_size=20`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
      if (answer.code !== 0) throw new Error(`domain list: ${answer.msg}`);
      times.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, 5));
    }
    return times;
  }

  /**
   * Reads while `LOOPS` loops post the bomb with `headers`: the reads' times and the bombs'
   * answers by code. The loops run in a thread of their own, so that this thread's reads are
   * timed by the server's answers, not by the loops' sending.
   */
  async function underBombs(headers: Record<string, string>, body = bomb) {
    const attacker = new Worker(attack, {
      eval: true,
      workerData: { url: `${server.url}${trafficPaths.ingest}`, headers, body, loops: LOOPS },
    });
    await once(attacker, 'message');
    // A second of load first: the server's refusal path and the loops warmed up, as they are
    // under an attack that lasts, before the reads are timed.
    await new Promise((done) => setTimeout(done, 1000));
    const times = await reads();
    attacker.postMessage('stop');
    const [codes] = (await once(attacker, 'message')) as [Record<string, number>];
    await attacker.terminate();
    return { times, codes };
  }

  const quiet = await reads();
  const anonymous = await underBombs({});
  const anonymousDeclared = await underBombs({ 'content-encoding': 'gzip' });
  const keyed = await underBombs({ authorization: `Edge ${made.data.key}` });
  // The floor: the same loops posting as many bytes that are no bomb (random, not gzip).
  const floor = await underBombs({}, randomBytes(bomb.length));

  const p99 = (times: number[]) => percentile(times, 99);
  const answered = (byCode: Record<string, number>) =>
    Object.entries(byCode)
      .map(([code, count]) => `${count}× ${code}`)
      .join(', ');
  const line = (label: string, run: { times: number[]; codes?: Record<string, number> }) =>
    console.log(
      `  ${label.padEnd(56)} p99 ${p99(run.times).toFixed(1)} ms (p50 ${percentile(run.times, 50).toFixed(1)}) over ${run.times.length} reads${
        run.codes
          ? `, bombs answered ${answered(run.codes)} (goal ≤ ${GOAL_MS} ms) ${verdict(p99(run.times), GOAL_MS)}`
          : ''
      }`,
    );
  console.log(
    `\nGzip bombs at the ingestion call (${(bomb.length / 1024).toFixed(0)} KB of gzip, 120 MB of zeros), ${LOOPS} loops posting, embedded database:`,
  );
  line("another account's domain list, no load", { times: quiet });
  line('the same while bombs come without a key', anonymous);
  line('the same, without a key, with Content-Encoding: gzip', anonymousDeclared);
  line('the same while bombs come with a live edge key', keyed);
  line('the floor: as many random bytes (no gzip) without a key', floor);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
