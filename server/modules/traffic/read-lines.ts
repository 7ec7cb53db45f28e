import { regexes } from 'zod';
import {
  blockRules,
  cacheStatuses,
  logLine,
  retentionDays,
  trafficLimits,
  type LogLine,
} from '../../../src/contract/traffic';
import { addHits, capDims, emptyRollup, finish, type Hit, type Rollup } from './aggregate';
import { placeOf } from './geo';

/**
 * Reading access-log lines, the pure part of the ingestion: JSON lines checked against the
 * documented line format, matched to their domains (looked up by the caller), clients placed,
 * summed. Runs in the ingestion workers (`ingest-job.ts`), off the event loop.
 */

/** A domain lines may name: what the lookup by name answers. */
export interface DomainRef {
  id: string;
  accountId: number;
  name: string;
}

/**
 * A line as it came: its text (lines given as values), or where it is in the body it came in
 * (kept as bytes, never turned into text again). Empty text: not kept.
 */
export type RawLine = string | { from: number; to: number };

export interface ParsedLine {
  hit: Hit;
  raw: RawLine;
}

export interface Problem {
  line: number;
  reason: string;
}

/** Lines read and checked against the line format, before their domains are known. */
export interface Scan {
  checked: { line: number; raw: RawLine; value: LogLine }[];
  /** Lines read, blank ones included. */
  lines: number;
  rejected: number;
  errors: Problem[];
}

export const errorsMax = 20;
const day = 86_400_000;
/** Lines stamped further ahead than this are refused (an edge with a wrong clock). */
const futureMs = 10 * 60_000;

const timeOf = (value: LogLine) => (typeof value.time === 'number' ? value.time : Date.parse(value.time));

function refusals() {
  const state = { rejected: 0, errors: [] as Problem[] };
  const refuse = (line: number, reason: string) => {
    state.rejected++;
    if (state.errors.length < errorsMax) state.errors.push({ line, reason });
  };
  return { state, refuse };
}

const cacheSet: ReadonlySet<unknown> = new Set(cacheStatuses);
const blockSet: ReadonlySet<unknown> = new Set(blockRules);
const text = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
const whole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * The line format's common case (time in milliseconds, an IPv4 client) taken without the schema's
 * machinery, a third of the cost of reading a line. It takes nothing the schema refuses and gives
 * what the schema gives; any other line (an ISO time, an IPv6 client, a problem) goes to the
 * schema, which decides and says why. A test holds the two together.
 */
export function quickLine(json: unknown): LogLine | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const {
    time,
    domain,
    client,
    method,
    url,
    status,
    bytes,
    request_time,
    cache,
    ua = '',
    referer = '',
    blocked_by = null,
    sample = 1,
  } = json as Record<string, unknown>;
  if (
    !whole(time, 0, Number.MAX_SAFE_INTEGER) ||
    !text(domain, 1, 253) ||
    typeof client !== 'string' ||
    !regexes.ipv4.test(client) ||
    !text(method, 1, 16) ||
    !text(url, 1, Infinity) ||
    !whole(status, 100, 599) ||
    !whole(bytes, 0, Number.MAX_SAFE_INTEGER) ||
    typeof request_time !== 'number' ||
    !Number.isFinite(request_time) ||
    request_time < 0 ||
    !cacheSet.has(cache) ||
    typeof ua !== 'string' ||
    typeof referer !== 'string' ||
    (blocked_by !== null && !blockSet.has(blocked_by)) ||
    !whole(sample, 1, 1_000_000)
  )
    return null;
  return {
    time,
    domain,
    client,
    method,
    url,
    status,
    bytes,
    request_time,
    cache: cache as LogLine['cache'],
    ua,
    referer,
    blocked_by: blocked_by as LogLine['blocked_by'],
    sample,
  };
}

function check(json: unknown, line: number, refuse: (line: number, reason: string) => void) {
  const quick = quickLine(json);
  if (quick) return quick;
  const checked = logLine.safeParse(json);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  refuse(line, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
  return null;
}

/** A share of a body's lines: those whose domain falls to `index` of `of` readers. */
export interface Share {
  index: number;
  of: number;
}

const quote = 0x22;
const domainKey = Buffer.from('"domain"');
const space = (c: number | undefined) => c === 0x20 || c === 0x09;
/** What JSON allows around a value. */
const blank = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0d;

/**
 * Which reader a line falls to: a hash of the domain it names, found in its bytes without reading
 * it as JSON, so that every line of a domain goes to the same reader. A line whose domain is not
 * found that way goes to the first.
 */
export function shareOf(body: Uint8Array, from: number, to: number, of: number): number {
  let at = -1;
  search: for (let i = from; i + domainKey.length <= to; i++) {
    for (let k = 0; k < domainKey.length; k++) if (body[i + k] !== domainKey[k]) continue search;
    at = i + domainKey.length;
    break;
  }
  if (at === -1) return 0;
  while (space(body[at])) at++;
  if (body[at] !== 0x3a) return 0;
  at++;
  while (space(body[at])) at++;
  if (body[at] !== quote) return 0;
  // FNV-1a over the name, ASCII letters folded to lower case.
  let hash = 0x811c9dc5;
  for (at++; at < to && body[at] !== quote; at++) {
    let c = body[at]!;
    if (c === 0x5c) return 0;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  return (hash >>> 0) % of;
}

/**
 * Reads NDJSON: every non-blank line must be JSON of the line format. With a share, only the
 * lines that fall to it are read; every line is counted, so line numbers are the body's own.
 */
export function scanText(body: Uint8Array, share: Share = { index: 0, of: 1 }): Scan {
  const { state, refuse } = refusals();
  const checked: Scan['checked'] = [];
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let line = 0;
  // A byte order mark some tools write first is not part of the first line.
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    let from = start;
    start = end + 1;
    line++;
    while (from < end && blank(bytes[from])) from++;
    let to = end;
    while (to > from && blank(bytes[to - 1])) to--;
    if (to === from) continue;
    if (share.of > 1 && shareOf(bytes, from, to, share.of) !== share.index) continue;
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8', from, to));
    } catch {
      refuse(line, 'not JSON');
      continue;
    }
    const value = check(json, line, refuse);
    if (value) checked.push({ line, raw: { from, to }, value });
  }
  return { checked, lines: line, ...state };
}

/**
 * Lines given as values (made in this process: the demo's history) skip only the JSON text; it
 * is written only for lines kept as raw files, from `rawFrom` on.
 */
export function scanValues(values: Iterable<unknown>, rawFrom: number): Scan {
  const { state, refuse } = refusals();
  const checked: Scan['checked'] = [];
  let line = 0;
  for (const json of values) {
    line++;
    const value = check(json, line, refuse);
    if (value) checked.push({ line, raw: timeOf(value) >= rawFrom ? JSON.stringify(json) : '', value });
  }
  return { checked, lines: line, ...state };
}

/** The domain names a scan's lines name, for the lookup. */
export const domainNamesOf = (scan: Scan): string[] => [
  ...new Set(scan.checked.map((c) => c.value.domain.toLowerCase())),
];

/**
 * Matches scanned lines to their domains and places their clients. Lines past
 * `trafficLimits.ingestLinesMax`, of unknown or deleted domains, or out of the kept time range are
 * refused.
 */
export function placeLines(
  scan: Scan,
  domains: readonly DomainRef[],
  now: number,
): { lines: ParsedLine[]; rejected: number; errors: Problem[] } {
  const { state, refuse } = refusals();
  const found = new Map(domains.map((d) => [d.name, d]));
  const oldest = now - retentionDays.day * day;
  const lines: ParsedLine[] = [];
  for (const { line, raw, value } of scan.checked) {
    if (line > trafficLimits.ingestLinesMax) {
      refuse(line, 'too many lines in one call');
      continue;
    }
    const domain = found.get(value.domain.toLowerCase());
    if (!domain) {
      refuse(line, `unknown domain ${value.domain.slice(0, 100)}`);
      continue;
    }
    const time = timeOf(value);
    if (time < oldest || time > now + futureMs) {
      refuse(line, 'time out of range');
      continue;
    }
    const place = placeOf(value.client);
    lines.push({
      raw,
      hit: {
        accountId: domain.accountId,
        domainId: domain.id,
        host: domain.name,
        at: time,
        client: value.client,
        region: place.region,
        carrier: place.carrier,
        method: value.method.toUpperCase(),
        url: value.url.slice(0, trafficLimits.urlMax),
        status: value.status,
        bytes: value.bytes,
        rtMs: Math.round(value.request_time * 1000),
        hit: value.cache === 'HIT',
        ua: value.ua.slice(0, trafficLimits.uaMax),
        referer: value.referer.slice(0, trafficLimits.refererMax),
        blockedBy: value.blocked_by,
        sample: value.sample,
      },
    });
  }
  const errors = [...scan.errors, ...state.errors].sort((a, b) => a.line - b.line).slice(0, errorsMax);
  return { lines, rejected: scan.rejected + state.rejected, errors };
}

/**
 * The last step of every path in: the report dimensions keep each batch's busiest keys and count
 * the rest as "other", as the hourly compaction does to the tables: client addresses are nearly
 * all distinct, and writing each one would cost more than the rest of the batch together.
 */
export const finished = (rollup: Rollup): Rollup => capDims(finish(rollup), trafficLimits.dimKeysMax);

/** Sums lines into a finished rollup (the pure part, shared by every path in). */
export function rollupOf(lines: readonly ParsedLine[]): Rollup {
  const rollup = emptyRollup();
  addHits(
    rollup,
    lines.map((l) => l.hit),
  );
  return finished(rollup);
}
