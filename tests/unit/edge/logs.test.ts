// @vitest-environment node
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes';
import { logLine, trafficPaths } from '../../../src/contract/traffic';
import { LogShipper, toLogLine, type LogShipperOptions } from '../../../edge/logs';

/** One line as the edge's nginx writes it (`log_format … escape=json`). */
function nginxLine(n: number, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    time: `1732680000.${String(n % 1000).padStart(3, '0')}`,
    domain: 'www.example.com',
    client: '1.2.3.4',
    method: 'GET',
    url: `/a/${n}.jpg?x=1`,
    status: 200,
    bytes: 1234,
    request_time: 0.003,
    cache: 'HIT',
    ua: 'curl/8.5',
    referer: '',
    blocked_by: '',
    id: n.toString(16).padStart(32, '0'),
    ...fields,
  });
}

interface Call {
  batch: string;
  headers: Headers;
  urls: string[];
}

/**
 * A console at the network boundary: it answers the ingestion call as the real one does, counts a
 * batch id once (as `edge_batches` does), and fails the calls `failures` says to fail.
 */
function fakeConsole() {
  const calls: Call[] = [];
  const counted = new Map<string, string[]>();
  /** What to do with the next calls, in order: a thrown error, an HTTP status, or an envelope code. */
  const failures: ('network' | 'lost' | number)[] = [];
  let refuseUrl: string | null = null;
  let tooLargeOver = Infinity;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const body = init?.body as Uint8Array;
    const urls = gunzipSync(body)
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => (JSON.parse(l) as { url: string }).url);
    const batch = headers.get('x-edge-batch') ?? '';
    calls.push({ batch, headers, urls });
    expect(String(input)).toBe(`http://console.test${trafficPaths.ingest}`);
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed');
    if (typeof failure === 'number' && failure >= 400 && failure < 600)
      return new Response('<html>bad gateway</html>', { status: failure });
    if (typeof failure === 'number')
      return Response.json({ code: failure, msg: 'refused', data: {} }, { headers: { 'retry-after': '0' } });
    if (urls.length > tooLargeOver)
      return Response.json({ code: Code.invalidRequest, msg: 'The logs are too large', data: {} });
    const duplicate = counted.has(batch);
    const refused = urls.filter((u) => u === refuseUrl).length;
    if (!duplicate) counted.set(batch, urls);
    // The console counted the batch, and the answer never reached the edge.
    if (failure === 'lost') throw new TypeError('socket hang up');
    return Response.json({
      code: 0,
      msg: 'ok',
      data: duplicate
        ? { accepted: 0, rejected: 0, errors: [], duplicate: true }
        : { accepted: urls.length - refused, rejected: refused, errors: [] },
    });
  };
  return {
    fetch,
    calls,
    failures,
    /** Every URL the console counted, in order, each batch once. */
    counted: () => [...counted.values()].flat(),
    refuse(url: string) {
      refuseUrl = url;
    },
    tooLargeOver(lines: number) {
      tooLargeOver = lines;
    },
  };
}

const urlsOf = (ns: number[]) => ns.map((n) => `/a/${n}.jpg?x=1`);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('toLogLine: an nginx line in the console’s line format', () => {
  it('turns $msec into integer milliseconds', () => {
    for (const [time, ms] of [
      ['1732680000.123', 1_732_680_000_123],
      ['1732680000.1', 1_732_680_000_100],
      ['1732680000.000', 1_732_680_000_000],
      ['1732680000', 1_732_680_000_000],
    ] as const)
      expect(toLogLine(nginxLine(0, { time }))?.time, time).toBe(ms);
  });

  it.each([
    ['HIT', 'HIT'],
    ['STALE', 'HIT'],
    ['UPDATING', 'HIT'],
    ['REVALIDATED', 'HIT'],
    ['MISS', 'MISS'],
    ['EXPIRED', 'MISS'],
    ['BYPASS', 'MISS'],
    ['', 'MISS'],
  ])('counts cache status %j as %s', (status, cache) => {
    expect(toLogLine(nginxLine(1, { cache: status }))?.cache).toBe(cache);
  });

  it.each([
    ['', null],
    ['ip-ban', 'ip-ban'],
    ['ip-list', 'ip-list'],
    ['referer', 'referer'],
    ['ua', 'ua'],
    ['url-auth', 'url-auth'],
    ['a-rule-of-tomorrow', 'other'],
  ])('names blocked_by %j as %j', (rule, blocked) => {
    expect(toLogLine(nginxLine(2, { blocked_by: rule, status: 403 }))?.blocked_by).toBe(blocked);
  });

  it('gives lines the console’s format takes as they are', () => {
    const line = toLogLine(nginxLine(3, { client: '2001:db8::1', referer: 'https://www.example.com/' }));
    expect(line).toEqual({
      time: 1_732_680_000_003,
      domain: 'www.example.com',
      client: '2001:db8::1',
      method: 'GET',
      url: '/a/3.jpg?x=1',
      status: 200,
      bytes: 1234,
      request_time: 0.003,
      cache: 'HIT',
      ua: 'curl/8.5',
      referer: 'https://www.example.com/',
      blocked_by: null,
    });
    expect(logLine.safeParse(line).success).toBe(true);
    expect(toLogLine(nginxLine(4, { ua: '-', referer: '-' }))).toMatchObject({ ua: '', referer: '' });
  });

  it.each([
    ['not JSON', 'GET /a.jpg 200'],
    ['a half-written line', nginxLine(5).slice(0, 40)],
    ['an array', '[1,2]'],
    ['a time that is not $msec', nginxLine(6, { time: '27/Nov/2024:10:00:00 +0800' })],
    ['no status', nginxLine(7, { status: undefined })],
    ['a status that is not a number', nginxLine(8, { status: 'ok' })],
    ['no domain', nginxLine(9, { domain: undefined })],
  ])('drops %s', (_name, text) => {
    expect(toLogLine(text)).toBeNull();
  });
});

describe('LogShipper', () => {
  let root: string;
  let log: string;
  let clock: number;
  const errors: Error[] = [];
  const shippers: LogShipper[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'edge-logs-'));
    mkdirSync(join(root, 'logs'));
    log = join(root, 'logs', 'access.log');
    clock = 1_732_680_000_000;
    errors.length = 0;
  });

  afterEach(async () => {
    for (const shipper of shippers.splice(0)) await shipper.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const write = (ns: number[], file = log) =>
    appendFileSync(file, ns.map((n) => `${nginxLine(n)}\n`).join(''));
  const shipper = (edgeConsole: ReturnType<typeof fakeConsole>, options: Partial<LogShipperOptions> = {}) => {
    const made = new LogShipper({
      root,
      consoleUrl: 'http://console.test/',
      key: 'edge_test-key',
      fetch: edgeConsole.fetch,
      retryMs: 1,
      now: () => clock,
      onError: (error) => errors.push(error),
      ...options,
    });
    shippers.push(made);
    return made;
  };
  const state = () =>
    JSON.parse(readFileSync(join(root, 'state', 'logs.json'), 'utf8')) as {
      tails: { dev: string; ino: string; offset: number }[];
      pending: unknown;
    };

  it('sends batches of at most batchLines, gzipped, with a batch id for the bytes they cover', async () => {
    write(range(0, 12));
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole, { batchLines: 5 });
    await logs.flush();
    expect(edgeConsole.calls.map((c) => c.urls)).toEqual([
      urlsOf(range(0, 5)),
      urlsOf(range(5, 10)),
      urlsOf(range(10, 12)),
    ]);
    const { dev, ino, size } = statSync(log, { bigint: true });
    const ends = [0, 5, 10, 12].map((n) => range(0, n).reduce((at, i) => at + nginxLine(i).length + 1, 0));
    edgeConsole.calls.forEach((call, i) => {
      expect(call.batch).toMatch(new RegExp(`^${dev}-${ino}-${ends[i]}-${ends[i + 1]}-[0-9a-f]{16}$`));
      expect(call.headers.get('content-encoding')).toBe('gzip');
      expect(call.headers.get('content-type')).toBe('application/x-ndjson');
      expect(call.headers.get('authorization')).toBe('Edge edge_test-key');
    });
    expect(state().tails).toEqual([
      expect.objectContaining({ dev: String(dev), ino: String(ino), offset: Number(size) }),
    ]);
    expect(state().pending).toBeNull();
    expect(logs.stats).toMatchObject({ accepted: 12, batches: 3, failures: 0 });
    // Nothing new: nothing sent.
    await logs.flush();
    expect(edgeConsole.calls).toHaveLength(3);
  });

  it('keeps a batch within batchBytes of lines', async () => {
    write(range(0, 20));
    const edgeConsole = fakeConsole();
    await shipper(edgeConsole, { batchBytes: 1024 }).flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 20)));
    for (const call of edgeConsole.calls) {
      expect(call.urls.length).toBeGreaterThan(0);
      const bytes = call.urls.reduce(
        (n, url) => n + JSON.stringify(toLogLine(nginxLine(Number(/\d+/.exec(url)?.[0])))).length + 1,
        0,
      );
      expect(bytes).toBeLessThanOrEqual(1024);
    }
    expect(edgeConsole.calls.length).toBeGreaterThan(4);
  });

  it('leaves a half-written last line until nginx finishes it', async () => {
    write([0, 1]);
    const third = nginxLine(2);
    appendFileSync(log, third.slice(0, 50));
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 1]));
    appendFileSync(log, `${third.slice(50)}\n`);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 1, 2]));
    expect(logs.stats.dropped).toBe(0);
  });

  it('drops lines that are not nginx’s, counting them, and sends the rest', async () => {
    write([0]);
    appendFileSync(log, 'garbage\n\n{"time":"x"}\n');
    write([1]);
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 1]));
    expect(logs.stats).toMatchObject({ dropped: 2, accepted: 2 });
  });

  it('skips the lines the console refuses (it counts them) without holding up the rest', async () => {
    write(range(0, 4));
    const edgeConsole = fakeConsole();
    edgeConsole.refuse('/a/1.jpg?x=1');
    const logs = shipper(edgeConsole);
    await logs.flush();
    write([4]);
    await logs.flush();
    expect(edgeConsole.calls.map((c) => c.urls)).toEqual([urlsOf(range(0, 4)), urlsOf([4])]);
    expect(logs.stats).toMatchObject({ accepted: 4, refused: 1 });
  });

  it('resumes after a restart from the offset it kept', async () => {
    write(range(0, 3));
    const edgeConsole = fakeConsole();
    await shipper(edgeConsole).flush();
    write(range(3, 5));
    await shipper(edgeConsole).flush();
    expect(edgeConsole.calls.map((c) => c.urls)).toEqual([urlsOf(range(0, 3)), urlsOf(range(3, 5))]);
  });

  it('tries a failed send again with backoff, the same batch under the same id, never skipping lines', async () => {
    write(range(0, 6));
    const edgeConsole = fakeConsole();
    edgeConsole.failures.push('network', 502, Code.rateLimited, 50_000, Code.tokenInvalid);
    const logs = shipper(edgeConsole, { batchLines: 4 });
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 6)));
    // Five failures, then the first batch, then the second.
    expect(edgeConsole.calls).toHaveLength(7);
    expect(new Set(edgeConsole.calls.slice(0, 6).map((c) => c.batch)).size).toBe(1);
    expect(logs.stats).toMatchObject({ failures: 5, batches: 2, accepted: 6 });
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('fetch failed'),
      expect.stringContaining('HTTP 502'),
      expect.stringContaining(`answered ${Code.rateLimited}`),
      expect.stringContaining('answered 50000'),
      expect.stringContaining(`answered ${Code.tokenInvalid}`),
    ]);
  });

  it('sends a batch again under its id after a crash between the answer and the offset, counted once', async () => {
    write(range(0, 3));
    const edgeConsole = fakeConsole();
    edgeConsole.failures.push('lost');
    const first = shipper(edgeConsole, { retryMs: 60_000 });
    // The console counted the batch, the answer was lost; the agent stops before trying again.
    const flushing = first.flush();
    await expect.poll(() => edgeConsole.calls.length).toBe(1);
    await first.stop();
    await expect(flushing).rejects.toThrow('stopped');
    expect(state().pending).not.toBeNull();
    expect(state().tails[0]?.offset).toBe(0);
    // Meanwhile nginx wrote more: the batch sent again covers the same bytes, not the new ones.
    write(range(3, 5));
    const second = shipper(edgeConsole);
    await second.flush();
    expect(edgeConsole.calls.map((c) => c.urls)).toEqual([
      urlsOf(range(0, 3)),
      urlsOf(range(0, 3)),
      urlsOf(range(3, 5)),
    ]);
    expect(edgeConsole.calls[1]?.batch).toBe(edgeConsole.calls[0]?.batch);
    expect(second.stats).toMatchObject({ duplicates: 1, accepted: 2 });
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 5)));
  });

  it('sends a batch the console finds too large again in smaller ones', async () => {
    write(range(0, 10));
    const edgeConsole = fakeConsole();
    edgeConsole.tooLargeOver(3);
    const logs = shipper(edgeConsole);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 10)));
    expect(edgeConsole.calls.map((c) => c.urls.length)).toEqual([10, 5, 3, 3, 3, 1]);
    expect(logs.stats).toMatchObject({ accepted: 10, failures: 0 });
  });

  it('sends a batch a proxy refuses as too large (HTTP 413) again in smaller ones', async () => {
    write(range(0, 4));
    const edgeConsole = fakeConsole();
    edgeConsole.failures.push(413);
    await shipper(edgeConsole).flush();
    expect(edgeConsole.calls.map((c) => c.urls.length)).toEqual([4, 2, 2]);
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 4)));
  });

  it('tries a one-line batch refused whole again rather than skip it', async () => {
    write([0]);
    const edgeConsole = fakeConsole();
    edgeConsole.failures.push(Code.invalidRequest);
    const logs = shipper(edgeConsole);
    await logs.flush();
    expect(edgeConsole.calls.map((c) => c.urls.length)).toEqual([1, 1]);
    expect(edgeConsole.counted()).toEqual(urlsOf([0]));
    expect(logs.stats.failures).toBe(1);
  });

  it('forgets a pending batch whose bytes are gone, and reads what the file holds now', async () => {
    write(range(0, 3));
    const edgeConsole = fakeConsole();
    edgeConsole.failures.push('network');
    const first = shipper(edgeConsole, { retryMs: 60_000 });
    const flushing = first.flush();
    await expect.poll(() => edgeConsole.calls.length).toBe(1);
    await first.stop();
    await expect(flushing).rejects.toThrow('stopped');
    // Cut in place to its first line while the agent was stopped, then written on.
    const firstLine = nginxLine(0).length + 1;
    truncateSync(log, firstLine);
    write([7]);
    await shipper(edgeConsole).flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 7]));
  });

  it('finishes a rotated file, then reads the new one from its start', async () => {
    write(range(0, 2));
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole, { rotateWaitMs: 5_000 });
    await logs.flush();
    // logrotate renames; nginx writes on to the old file until it reopens, then to a new one.
    renameSync(log, `${log}.1`);
    write(range(2, 4), `${log}.1`);
    write(range(4, 6));
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 6)));
    // A worker that reopened late still writes to the old file: read while the file is recent.
    write([6], `${log}.1`);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 7)));
    expect(state().tails).toHaveLength(2);
    clock += 5_000;
    await logs.flush();
    expect(state().tails).toEqual([expect.objectContaining({ ino: String(statSync(log).ino) })]);
  });

  it('after a restart, finishes the file it was reading under its new name before the new file', async () => {
    write(range(0, 2));
    const edgeConsole = fakeConsole();
    await shipper(edgeConsole).flush();
    write(range(2, 3));
    renameSync(log, `${log}.1`);
    write(range(3, 5));
    await shipper(edgeConsole).flush();
    expect(edgeConsole.calls.map((c) => c.urls)).toEqual([
      urlsOf(range(0, 2)),
      urlsOf([2]),
      urlsOf(range(3, 5)),
    ]);
  });

  it('reads a file truncated in place (copytruncate) from its start again', async () => {
    write(range(0, 3));
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole);
    await logs.flush();
    truncateSync(log, 0);
    write([3]);
    await logs.flush();
    expect(edgeConsole.counted()).toEqual(urlsOf(range(0, 4)));
  });

  it('tells a new file on the same inode from the one it read (its first line changed)', async () => {
    write(range(0, 2));
    const edgeConsole = fakeConsole();
    await shipper(edgeConsole).flush();
    // Replaced in place while the agent was stopped: as long as before, other lines.
    writeFileSync(log, [10, 11, 12].map((n) => `${nginxLine(n)}\n`).join(''));
    await shipper(edgeConsole).flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 1, 10, 11, 12]));
  });

  it('ships what nginx writes while running, every interval, until stopped', async () => {
    const edgeConsole = fakeConsole();
    const logs = shipper(edgeConsole, { intervalMs: 10 });
    logs.start();
    write([0]);
    await expect.poll(() => edgeConsole.counted(), { timeout: 5_000 }).toEqual(urlsOf([0]));
    write([1, 2]);
    await expect.poll(() => edgeConsole.counted(), { timeout: 5_000 }).toEqual(urlsOf([0, 1, 2]));
    await logs.stop();
    write([3]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(edgeConsole.counted()).toEqual(urlsOf([0, 1, 2]));
  });

  it('starts over from the file’s start when its state is unreadable', async () => {
    write([0]);
    mkdirSync(join(root, 'state'));
    writeFileSync(join(root, 'state', 'logs.json'), '{"not":"a state"}');
    const edgeConsole = fakeConsole();
    await shipper(edgeConsole).flush();
    expect(edgeConsole.counted()).toEqual(urlsOf([0]));
    expect(errors).toHaveLength(1);
  });
});
