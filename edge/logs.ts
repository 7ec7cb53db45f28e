import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { z } from 'zod';
import { Code } from '../src/contract/codes';
import {
  blockRules,
  ingestResult,
  trafficLimits,
  trafficPaths,
  type LogLineInput,
} from '../src/contract/traffic';

/**
 * The edge's log shipper: it tails the access log nginx writes (`<root>/logs/access.log`, one JSON
 * object a line), turns each line into the console's line format and posts the lines in batches to
 * the console's ingestion call. Delivery is at least once and counted once:
 *
 * - where it is in each file (device, inode, byte offset) is kept in `<root>/state/logs.json` and
 *   moves on only once the console answered code 0, so a stop at any moment loses nothing;
 * - a batch's bytes are written down (`pending`) before it is sent, and the batch is named by those
 *   bytes (`X-Edge-Batch: <dev>-<ino>-<start>-<end>-<hash>`): after a restart the same bytes go again
 *   under the same id, which the console counts once;
 * - a failed send (network, 5xx, a refusal other than of the lines) is tried again with backoff,
 *   never skipped; a line the console refuses is counted by it in its answer and not sent again;
 *   a batch refused whole as too large (40001, or HTTP 413 from a proxy) goes again in halves.
 *
 * Rotation: a new file at the path (logrotate's rename and nginx's reopen) is read from 0 while the
 * one before is read to its end, and kept open `rotateWaitMs` after it last grew, for the lines
 * nginx's workers write to it before they reopen. A file truncated in place (copytruncate) or
 * replaced under the same inode (its first line changed) is read again from 0.
 */

/** nginx's `$upstream_cache_status` values that mean the response came from the edge's cache. */
export const cacheHits: ReadonlySet<string> = new Set(['HIT', 'STALE', 'UPDATING', 'REVALIDATED']);

const blockSet: ReadonlySet<string> = new Set(blockRules);

/** Seconds with milliseconds, as nginx's `$msec` writes them ("1732680000.123"). */
const msecPattern = /^(\d{1,12})(?:\.(\d{1,3}))?$/;

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
// nginx writes an empty header as "" with escape=json, and as "-" in its default escaping.
const headerOf = (value: unknown) => (typeof value === 'string' && value !== '-' ? value : '');

/**
 * One line of nginx's access log as the console's line format (`logLine`), or null when it is not
 * a line nginx wrote (not JSON, a field missing or of the wrong kind). The console checks the rest.
 * Fields besides those (an id some nginx formats add) are left out.
 */
export function toLogLine(text: string): LogLineInput | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const line = json as Record<string, unknown>;
  const time = msecPattern.exec(typeof line.time === 'number' ? line.time.toFixed(3) : String(line.time));
  const status = numberOf(line.status);
  const bytes = numberOf(line.bytes);
  const requestTime = numberOf(line.request_time);
  const { domain, client, method, url } = line;
  if (
    !time ||
    status === null ||
    bytes === null ||
    requestTime === null ||
    typeof domain !== 'string' ||
    typeof client !== 'string' ||
    typeof method !== 'string' ||
    typeof url !== 'string'
  )
    return null;
  const blocked = typeof line.blocked_by === 'string' ? line.blocked_by : '';
  return {
    time: Number(time[1]) * 1000 + Number((time[2] ?? '').padEnd(3, '0')),
    domain,
    client,
    method,
    url,
    status,
    bytes,
    request_time: requestTime,
    cache: typeof line.cache === 'string' && cacheHits.has(line.cache) ? 'HIT' : 'MISS',
    ua: headerOf(line.ua),
    referer: headerOf(line.referer),
    // A rule the console does not know still blocked the request.
    blocked_by:
      blocked === '' ? null : blockSet.has(blocked) ? (blocked as LogLineInput['blocked_by']) : 'other',
  };
}

export interface LogShipperOptions {
  /** The agent's folder: nginx writes `logs/access.log` in it; the shipper keeps `state/logs.json`. */
  root: string;
  /** The console's address, e.g. `https://console.example.com`. */
  consoleUrl: string;
  /** The node's edge key (`Authorization: Edge <key>`). */
  key: string;
  fetch?: typeof fetch;
  /** Lines of one call at most (default 5,000; the console takes 100,000). */
  batchLines?: number;
  /** Bytes of one call's lines at most, before compression (default 8 MB; the console takes 32 MB). */
  batchBytes?: number;
  /** Between two looks at the file while running (default 1 s). */
  intervalMs?: number;
  /** The first wait after a failed send, doubled at each failure up to a minute (default 1 s). */
  retryMs?: number;
  /** How long a rotated file is still read after it last grew (default 10 s). */
  rotateWaitMs?: number;
  /** One call's time at most before it counts as failed (default 60 s). */
  requestTimeoutMs?: number;
  now?: () => number;
  /** A send that failed (it will be tried again), or a state file that could not be read. */
  onError?: (error: Error) => void;
}

/** What the shipper has done since it was made. */
export interface ShipperStats {
  /** Lines the console took. */
  accepted: number;
  /** Lines the console refused (its line format, an unknown domain, too old): counted there, not sent again. */
  refused: number;
  /** Lines of the file that are not nginx's JSON lines: dropped here. */
  dropped: number;
  /** Batches the console answered; of those, the ones it had counted before. */
  batches: number;
  duplicates: number;
  /** Sends that failed (and were tried again). */
  failures: number;
  /** Rotated files that were gone before they were read to their end. */
  lostFiles: number;
}

const identity = z.object({ dev: z.string(), ino: z.string() });
const tailState = identity.extend({
  offset: z.number().int().nonnegative(),
  /** SHA-256 of the file's first `headLength` bytes (its first line): tells the file from a new one on its inode. */
  head: z.string(),
  headLength: z.number().int().nonnegative(),
});
const shipperState = z.object({
  version: z.literal(1),
  /** The files being read, oldest first; the last is the newest seen at the path. */
  tails: z.array(tailState),
  /** The batch sent and not yet answered with code 0: sent again as it is. */
  pending: identity.extend({ start: z.number().int(), end: z.number().int() }).nullable(),
});
type TailState = z.infer<typeof tailState>;
type Pending = NonNullable<z.infer<typeof shipperState>['pending']>;

interface Tail extends TailState {
  handle: FileHandle | null;
  /** When it last grew, or when a newer file took its place (the shipper's clock). */
  seenAt: number;
}

interface Batch {
  start: number;
  end: number;
  /** The lines in the console's format, one a line. */
  text: string;
  lines: number;
  dropped: number;
  /** Of the file's bytes the batch covers (part of its id). */
  hash: string;
}

const envelope = z.object({ code: z.number(), msg: z.string().optional(), data: z.unknown() });

/** A send that failed; `waitMs`: how long the console asked to wait (HTTP 429 Retry-After). */
export class ShipError extends Error {
  constructor(
    message: string,
    readonly waitMs = 0,
  ) {
    super(message);
    this.name = 'ShipError';
  }
}

const gzip = promisify(gzipCallback);
const newline = 0x0a;
const headMax = 4096;
const retryMaxMs = 60_000;
const sameFile = (a: { dev: string; ino: string }, b: { dev: string; ino: string }) =>
  a.dev === b.dev && a.ino === b.ino;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ShipError('stopped'));
    const stop = () => {
      clearTimeout(timer);
      reject(new ShipError('stopped'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

export class LogShipper {
  readonly stats: ShipperStats = {
    accepted: 0,
    refused: 0,
    dropped: 0,
    batches: 0,
    duplicates: 0,
    failures: 0,
    lostFiles: 0,
  };
  private readonly path: string;
  private readonly stateFile: string;
  private readonly url: string;
  private readonly key: string;
  private readonly fetch: typeof fetch;
  private readonly batchLines: number;
  private readonly batchBytes: number;
  private readonly intervalMs: number;
  private readonly retryMs: number;
  private readonly rotateWaitMs: number;
  private readonly requestTimeoutMs: number;
  private readonly now: () => number;
  private readonly onError: (error: Error) => void;

  /** Null until the state file is read. */
  private tails: Tail[] | null = null;
  private pending: Pending | null = null;
  /**
   * After the console refused a batch whole as too large: fewer lines a batch until the refused
   * bytes are through.
   */
  private shrink: { range: Pending; lines: number } | null = null;
  /** One pass over the files at a time (the loop's and `flush()`'s). */
  private turn: Promise<unknown> = Promise.resolve();
  /** Aborted by `stop()`: ends the loop, a retry's wait, the call in flight. */
  private stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(options: LogShipperOptions) {
    this.path = join(options.root, 'logs', 'access.log');
    this.stateFile = join(options.root, 'state', 'logs.json');
    this.url = `${options.consoleUrl.replace(/\/+$/, '')}${trafficPaths.ingest}`;
    this.key = options.key;
    this.fetch = options.fetch ?? fetch;
    this.batchLines = Math.min(Math.max(1, options.batchLines ?? 5_000), trafficLimits.ingestLinesMax);
    this.batchBytes = Math.min(
      Math.max(1024, options.batchBytes ?? 8 * 1024 * 1024),
      trafficLimits.ingestBytesMax,
    );
    this.intervalMs = options.intervalMs ?? 1_000;
    this.retryMs = options.retryMs ?? 1_000;
    this.rotateWaitMs = options.rotateWaitMs ?? 10_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? ((error) => console.warn(`log shipper: ${error.message}`));
  }

  /**
   * Ships every complete line the files hold now, trying failed sends again with backoff until the
   * console takes them. Rejects only when `stop()` is called meanwhile: a shutdown that cannot wait
   * for the console stops the shipper, and what is left goes at the next start.
   */
  flush(): Promise<void> {
    return this.exclusive(() => this.drain(this.stopping.signal));
  }

  /** Ships what the file gains every `intervalMs`, until `stop()`. */
  start(): void {
    if (this.loop) return;
    const { signal } = this.stopping;
    const run = async () => {
      while (!signal.aborted) {
        await this.exclusive(() => this.drain(signal)).catch(() => undefined);
        await sleep(this.intervalMs, signal).catch(() => undefined);
      }
    };
    this.loop = run();
  }

  /**
   * Stops the loop and a `flush()` under way, a send in flight abandoned (its batch is kept as
   * pending: it goes again, under its id, at the next start), and closes the files. The shipper
   * may be started again.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    this.loop = null;
    await this.exclusive(() => this.close());
    this.stopping = new AbortController();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.turn.then(work, work);
    this.turn = next.catch(() => undefined);
    return next;
  }

  /** Steps until there is nothing complete left; after a failure, waits and tries again. */
  private async drain(signal: AbortSignal): Promise<void> {
    let failures = 0;
    for (;;) {
      try {
        if (!(await this.step(signal))) return;
        failures = 0;
      } catch (error) {
        if (signal.aborted) throw new ShipError('stopped');
        const failure = error instanceof Error ? error : new Error(String(error));
        this.stats.failures++;
        this.onError(failure);
        failures++;
        const backoff = Math.min(retryMaxMs, this.retryMs * 2 ** Math.min(failures - 1, 16));
        await sleep(Math.max(backoff, failure instanceof ShipError ? failure.waitMs : 0), signal);
      }
    }
  }

  /** One batch sent (or skipped lines stepped over): true; nothing complete to send: false. */
  private async step(signal: AbortSignal): Promise<boolean> {
    const tails = await this.load();
    await this.refresh(tails);
    if (this.pending) {
      const { pending } = this;
      const tail = tails.find((t) => sameFile(t, pending));
      if (tail) await this.send(tail, await this.read(tail, pending.start, pending.end), signal);
      else await this.settle(null, null);
      return true;
    }
    for (const tail of tails) {
      const batch = await this.read(tail, tail.offset);
      if (batch) {
        tail.seenAt = this.now();
        if (batch.lines === 0) await this.settle(tail, batch);
        else {
          this.pending = { dev: tail.dev, ino: tail.ino, start: batch.start, end: batch.end };
          await this.persist();
          await this.send(tail, batch, signal);
        }
        return true;
      }
      // A rotated file read to its end and quiet since: nginx writes only to the newer one now.
      if (tail !== tails.at(-1) && this.now() - tail.seenAt >= this.rotateWaitMs) {
        await tail.handle?.close();
        tails.splice(tails.indexOf(tail), 1);
        await this.persist();
        return true;
      }
    }
    return false;
  }

  private async load(): Promise<Tail[]> {
    if (this.tails) return this.tails;
    let state: z.infer<typeof shipperState> = { version: 1, tails: [], pending: null };
    try {
      const read = shipperState.safeParse(JSON.parse(await readFile(this.stateFile, 'utf8')));
      if (read.success) state = read.data;
      else
        this.onError(new Error(`${this.stateFile} is not a shipper state: reading the log from its start`));
    } catch (error) {
      if (!isMissing(error))
        this.onError(
          new Error(`${this.stateFile} unreadable (${String(error)}): reading the log from its start`),
        );
    }
    const now = this.now();
    this.tails = state.tails.map((t) => ({ ...t, handle: null, seenAt: now }));
    this.pending = state.pending;
    return this.tails;
  }

  /**
   * Brings the files up to date: a new file at the path joins as the newest (the older ones go on
   * being read), files are opened (after a restart, found by inode in the log folder), and a file
   * truncated or replaced under its inode is read again from its start.
   */
  private async refresh(tails: Tail[]): Promise<void> {
    let changed = false;
    const current = await stat(this.path, { bigint: true }).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (current) {
      const id = { dev: String(current.dev), ino: String(current.ino) };
      const known = tails.find((t) => sameFile(t, id));
      if (!known) {
        const now = this.now();
        for (const tail of tails) tail.seenAt = now;
        tails.push({ ...id, offset: 0, head: '', headLength: 0, handle: null, seenAt: now });
        changed = true;
      } else if (known !== tails.at(-1)) {
        // Renamed back to the path: it is the one nginx writes again.
        tails.splice(tails.indexOf(known), 1);
        tails.push(known);
        changed = true;
      }
    }
    for (const tail of [...tails]) {
      tail.handle ??= await this.reopen(tail);
      if (!tail.handle) {
        this.stats.lostFiles++;
        tails.splice(tails.indexOf(tail), 1);
        if (this.pending && sameFile(this.pending, tail)) this.pending = null;
        changed = true;
        continue;
      }
      const { size } = await tail.handle.stat();
      if (size < tail.offset || !(await this.headHolds(tail))) {
        Object.assign(tail, { offset: 0, head: '', headLength: 0 });
        if (this.pending && sameFile(this.pending, tail)) this.pending = null;
        changed = true;
      }
    }
    if (changed) await this.persist();
  }

  /** The file of `tail`, wherever it is now in the log folder (rotated files keep their inode), or null. */
  private async reopen(tail: Tail): Promise<FileHandle | null> {
    const folder = join(this.path, '..');
    const names = await readdir(folder).catch(() => [] as string[]);
    const paths = [this.path, ...names.map((name) => join(folder, name)).filter((p) => p !== this.path)];
    for (const path of paths) {
      const found = await stat(path, { bigint: true }).catch(() => null);
      if (!found?.isFile() || String(found.dev) !== tail.dev || String(found.ino) !== tail.ino) continue;
      const handle = await open(path, 'r').catch(() => null);
      if (!handle) continue;
      // Checked on the open file: the name may have moved between the two looks.
      const opened = await handle.stat({ bigint: true });
      if (String(opened.dev) === tail.dev && String(opened.ino) === tail.ino) return handle;
      await handle.close();
    }
    return null;
  }

  private async headHolds(tail: Tail): Promise<boolean> {
    if (tail.headLength === 0 || !tail.handle) return true;
    const head = Buffer.alloc(tail.headLength);
    const { bytesRead } = await tail.handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && sha256(head) === tail.head;
  }

  /**
   * The batch at `start`: the complete lines from there, up to the line and byte limits, or exactly
   * up to `end` (a pending batch, sent again as it was). Null when no complete line is there yet.
   */
  private async read(tail: Tail, start: number, end?: number): Promise<Batch | null> {
    const handle = tail.handle!;
    const size = Number((await handle.stat()).size);
    const length = end === undefined ? Math.min(size - start, this.batchBytes) : end - start;
    if (length <= 0) return null;
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, start);
    // The bytes a pending batch named are gone (the file cut short): there is nothing to send again.
    if (end !== undefined && bytesRead < length) return null;
    const chunk = bytes.subarray(0, bytesRead);
    const last = chunk.lastIndexOf(newline);
    if (last === -1) {
      // A line longer than a whole batch: nginx never writes one; stepped over once it ends.
      return chunk.length === this.batchBytes ? this.overlong(tail, start) : null;
    }
    if (start === 0 && tail.headLength === 0) {
      tail.headLength = Math.min(chunk.indexOf(newline) + 1, headMax);
      tail.head = sha256(chunk.subarray(0, tail.headLength));
    }
    const shrink = this.shrink && sameFile(this.shrink.range, tail) && start < this.shrink.range.end;
    const linesMax = end === undefined && shrink ? this.shrink!.lines : this.batchLines;
    const out: string[] = [];
    let outBytes = 0;
    let dropped = 0;
    let at = 0;
    while (at <= last) {
      const stop = chunk.indexOf(newline, at);
      const text = chunk.toString('utf8', at, stop).replace(/\r$/, '');
      if (text.trim() !== '') {
        const line = toLogLine(text);
        const json = line && JSON.stringify(line);
        const jsonBytes = json ? Buffer.byteLength(json) + 1 : 0;
        // The line that would pass the byte limit starts the next batch.
        if (end === undefined && json && out.length > 0 && outBytes + jsonBytes > this.batchBytes) break;
        if (json) {
          out.push(json);
          outBytes += jsonBytes;
        } else dropped++;
      }
      at = stop + 1;
      if (end === undefined && out.length >= linesMax) break;
    }
    const covered = chunk.subarray(0, at);
    return {
      start,
      end: start + at,
      text: out.length ? `${out.join('\n')}\n` : '',
      lines: out.length,
      dropped,
      hash: sha256(covered).slice(0, 16),
    };
  }

  /** Steps over a line longer than a batch once its end is written (dropped, counted). */
  private async overlong(tail: Tail, start: number): Promise<Batch | null> {
    const handle = tail.handle!;
    const piece = Buffer.alloc(64 * 1024);
    for (let at = start + this.batchBytes; ; at += piece.length) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, at);
      if (bytesRead === 0) return null;
      const found = piece.subarray(0, bytesRead).indexOf(newline);
      if (found !== -1) return { start, end: at + found + 1, text: '', lines: 0, dropped: 1, hash: '' };
    }
  }

  /** Posts a batch; on code 0 the file's offset moves past it. Throws what is to be tried again. */
  private async send(tail: Tail, batch: Batch | null, signal: AbortSignal): Promise<void> {
    if (!batch || batch.lines === 0) return this.settle(tail, batch);
    const id = `${tail.dev}-${tail.ino}-${batch.start}-${batch.end}-${batch.hash}`;
    const body = new Uint8Array(await gzip(batch.text));
    let response: Response;
    try {
      response = await this.fetch(this.url, {
        method: 'POST',
        headers: {
          authorization: `Edge ${this.key}`,
          'content-type': 'application/x-ndjson',
          'content-encoding': 'gzip',
          'accept-language': 'en-US',
          'x-edge-batch': id,
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.requestTimeoutMs)]),
      });
    } catch (error) {
      throw new ShipError(`batch ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const waitMs = Number(response.headers.get('retry-after')) * 1000 || 0;
    const answer = envelope.safeParse(await response.json().catch(() => null));
    // A proxy in front of the console may hold bodies to less than the console does.
    const refusedWhole = answer.success ? answer.data.code === Code.invalidRequest : response.status === 413;
    if (refusedWhole && batch.lines > 1) {
      // Refused whole (too large once decompressed, or beyond the compression ratio), so counted
      // nowhere: the same bytes go again in smaller batches, under their own ids.
      const before = this.shrink && sameFile(this.shrink.range, tail) ? this.shrink.range.end : 0;
      this.shrink = {
        range: { dev: tail.dev, ino: tail.ino, start: batch.start, end: Math.max(before, batch.end) },
        lines: Math.ceil(batch.lines / 2),
      };
      this.pending = null;
      await this.persist();
      return;
    }
    if (!answer.success) throw new ShipError(`batch ${id}: HTTP ${response.status}`, waitMs);
    const { code, msg, data } = answer.data;
    if (code === Code.ok) {
      const result = ingestResult.parse(data);
      this.stats.batches++;
      this.stats.accepted += result.accepted;
      this.stats.refused += result.rejected;
      if (result.duplicate) this.stats.duplicates++;
      return this.settle(tail, batch);
    }
    // Anything else (the key refused, a limit of calls, the console failing) passes: tried again.
    throw new ShipError(`batch ${id}: the console answered ${code} ${msg ?? ''}`.trim(), waitMs);
  }

  /** The batch is through (or its file gone): the offset moves past it, the pending batch is done. */
  private async settle(tail: Tail | null, batch: Batch | null): Promise<void> {
    if (tail && batch) {
      tail.offset = batch.end;
      this.stats.dropped += batch.dropped;
    }
    this.pending = null;
    await this.persist();
  }

  /** Writes the state whole (a new file renamed over the old), flushed to the disk before it counts. */
  private async persist(): Promise<void> {
    const state: z.infer<typeof shipperState> = {
      version: 1,
      tails: (this.tails ?? []).map(({ dev, ino, offset, head, headLength }) => ({
        dev,
        ino,
        offset,
        head,
        headLength,
      })),
      pending: this.pending,
    };
    await mkdir(join(this.stateFile, '..'), { recursive: true });
    const temporary = `${this.stateFile}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(JSON.stringify(state));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.stateFile);
  }

  private async close(): Promise<void> {
    for (const tail of this.tails ?? []) {
      await tail.handle?.close();
      tail.handle = null;
    }
  }
}
