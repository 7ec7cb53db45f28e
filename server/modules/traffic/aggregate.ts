import {
  responseTimeBuckets,
  responseTimeLabel,
  type Carrier,
  type Region,
  statsDayStart,
} from '../../../src/contract/traffic';
import { emptySketch, hllAdd, hllPosition, type Sketch } from './hll';

/**
 * The one aggregation of access-log lines into rollups, used alike by the ingestion call (a batch
 * at a time) and by bulk loads (the demo's history, a file fed by the operator): lines in,
 * sums per domain and period out. Pure: no clock, no database. `store.ts` adds the sums to what
 * the tables hold.
 */

/** A log line with its domain found and its client placed. */
export interface Hit {
  accountId: number;
  domainId: string;
  /** The domain name (the host of the URL). */
  host: string;
  at: number;
  client: string;
  region: Region;
  carrier: Carrier;
  method: string;
  url: string;
  status: number;
  bytes: number;
  rtMs: number;
  hit: boolean;
  ua: string;
  referer: string;
  blockedBy: string | null;
  sample: number;
}

export interface PointSums {
  requests: number;
  bytes: number;
  hitRequests: number;
  hitBytes: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  blocked: number;
  pv: number;
  rtMs: number;
}

export interface GeoSums {
  requests: number;
  bytes: number;
  hitRequests: number;
  hitBytes: number;
}

export interface DimSums {
  requests: number;
  bytes: number;
}

/** A period's dimension sums: dimension → key → sums. */
export type DimTable = Map<string, Map<string, DimSums>>;

/**
 * Rows keyed `account|domain|at` (points); geo keyed the same, then `region|carrier`; dims keyed
 * the same, then by dimension and key (nested maps: a line touches one period's table).
 */
export interface Rollup {
  points: Record<'m1' | 'm5' | 'h1' | 'd1', Map<string, PointSums>>;
  geo: Record<'h1' | 'd1', Map<string, Map<string, GeoSums>>>;
  dims: Record<'h1' | 'd1', Map<string, DimTable>>;
  /** Distinct clients per `account|domain|day` (domain '*' included). */
  uv: Map<string, Sketch>;
  /** The earliest and latest line time, for the partitions the rollup needs. */
  from: number;
  to: number;
  lines: number;
}

/** Every domain of an account together. */
export const allDomains = '*';

const minute = 60_000;
const hour = 3_600_000;

export const floorTo = (at: number, ms: number) => Math.floor(at / ms) * ms;

const pageExtensions = /\.(html?|shtml|php|aspx?|jsp)$/i;
/**
 * A page view: a successful GET of a page (a path ending in '/', in a page extension, or in a name
 * without an extension), not blocked. Images, scripts, styles and downloads are not page views.
 */
export function isPageView(method: string, url: string, status: number): boolean {
  if (method !== 'GET' || status < 200 || status >= 300) return false;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.endsWith('/')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || pageExtensions.test(last);
}

/** The URL a report lists: host and path, without the query. */
export function reportUrl(host: string, url: string): string {
  const q = url.indexOf('?');
  return `${host}${q === -1 ? url : url.slice(0, q)}`;
}

export function responseTimeBucket(ms: number): string {
  let i = 0;
  while (ms >= (responseTimeBuckets[i] ?? Infinity)) i++;
  return responseTimeLabel(i);
}

export const zeroPoint = (): PointSums => ({
  requests: 0,
  bytes: 0,
  hitRequests: 0,
  hitBytes: 0,
  s2xx: 0,
  s3xx: 0,
  s4xx: 0,
  s5xx: 0,
  blocked: 0,
  pv: 0,
  rtMs: 0,
});

export function addPoint(into: PointSums, from: PointSums): void {
  into.requests += from.requests;
  into.bytes += from.bytes;
  into.hitRequests += from.hitRequests;
  into.hitBytes += from.hitBytes;
  into.s2xx += from.s2xx;
  into.s3xx += from.s3xx;
  into.s4xx += from.s4xx;
  into.s5xx += from.s5xx;
  into.blocked += from.blocked;
  into.pv += from.pv;
  into.rtMs += from.rtMs;
}

const zeroGeo = (): GeoSums => ({ requests: 0, bytes: 0, hitRequests: 0, hitBytes: 0 });
const zeroDim = (): DimSums => ({ requests: 0, bytes: 0 });

function bump<T extends object>(map: Map<string, T>, key: string, make: () => T): T {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  return row;
}

export function emptyRollup(): Rollup {
  return {
    points: { m1: new Map(), m5: new Map(), h1: new Map(), d1: new Map() },
    geo: { h1: new Map(), d1: new Map() },
    dims: { h1: new Map(), d1: new Map() },
    uv: new Map(),
    from: Infinity,
    to: -Infinity,
    lines: 0,
  };
}

/**
 * Where a domain's lines last went: lines come mostly in time order, so the next line of a domain
 * usually lands in the same minute, hour and day, found without building a key.
 */
interface Cursor {
  accountId: number;
  base: string;
  minute: number;
  point: PointSums;
  hour: number;
  geo: Map<string, GeoSums>;
  dims: DimTable;
  url: Map<string, DimSums>;
  referer: Map<string, DimSums>;
  client: Map<string, DimSums>;
  ua: Map<string, DimSums>;
  status: Map<string, DimSums>;
  responseTime: Map<string, DimSums>;
  day: number;
  uv: Sketch;
  uvAll: Sketch;
}

const dimOf = (table: DimTable, name: string) => bump(table, name, () => new Map<string, DimSums>());

function addDim(keys: Map<string, DimSums>, key: string, n: number, bytes: number): void {
  const d = bump(keys, key, zeroDim);
  d.requests += n;
  d.bytes += bytes;
}

/** Adds lines to the minute, hourly and daily sums; `finish` derives the rest. */
export function addHits(rollup: Rollup, hits: Iterable<Hit>): void {
  const { m1 } = rollup.points;
  const geoH = rollup.geo.h1;
  const dimsH = rollup.dims.h1;
  const cursors = new Map<string, Cursor>();
  for (const h of hits) {
    rollup.lines++;
    if (h.at < rollup.from) rollup.from = h.at;
    if (h.at > rollup.to) rollup.to = h.at;
    const n = h.sample;
    const bytes = h.bytes * n;
    const minuteAt = floorTo(h.at, minute);
    const hourAt = floorTo(minuteAt, hour);
    const dayAt = statsDayStart(hourAt);
    let c = cursors.get(h.domainId);
    if (!c || c.accountId !== h.accountId) {
      c = {
        accountId: h.accountId,
        base: `${h.accountId}|${h.domainId}|`,
        minute: NaN,
        hour: NaN,
        day: NaN,
      } as Cursor;
      cursors.set(h.domainId, c);
    }
    if (c.minute !== minuteAt) {
      c.minute = minuteAt;
      c.point = bump(m1, c.base + minuteAt, zeroPoint);
    }
    if (c.hour !== hourAt) {
      c.hour = hourAt;
      c.geo = bump(geoH, c.base + hourAt, () => new Map<string, GeoSums>());
      c.dims = bump(dimsH, c.base + hourAt, () => new Map() as DimTable);
      c.url = dimOf(c.dims, 'url');
      c.referer = dimOf(c.dims, 'referer');
      c.client = dimOf(c.dims, 'client');
      c.ua = dimOf(c.dims, 'ua');
      c.status = dimOf(c.dims, 'status');
      c.responseTime = dimOf(c.dims, 'response_time');
    }
    if (c.day !== dayAt) {
      c.day = dayAt;
      c.uv = bump(rollup.uv, `${h.accountId}|${h.domainId}|${dayAt}`, emptySketch);
      c.uvAll = bump(rollup.uv, `${h.accountId}|${allDomains}|${dayAt}`, emptySketch);
    }

    const p = c.point;
    p.requests += n;
    p.bytes += bytes;
    if (h.hit) {
      p.hitRequests += n;
      p.hitBytes += bytes;
    }
    const cls = Math.floor(h.status / 100);
    if (cls === 2) p.s2xx += n;
    else if (cls === 3) p.s3xx += n;
    else if (cls === 4) p.s4xx += n;
    else if (cls === 5) p.s5xx += n;
    if (h.blockedBy) p.blocked += n;
    if (!h.blockedBy && isPageView(h.method, h.url, h.status)) p.pv += n;
    p.rtMs += h.rtMs * n;

    const g = bump(c.geo, `${h.region}|${h.carrier}`, zeroGeo);
    g.requests += n;
    g.bytes += bytes;
    if (h.hit) {
      g.hitRequests += n;
      g.hitBytes += bytes;
    }

    addDim(c.url, reportUrl(h.host, h.url), n, bytes);
    addDim(c.referer, h.referer || '-', n, bytes);
    addDim(c.client, h.client, n, bytes);
    addDim(c.ua, h.ua || '-', n, bytes);
    addDim(c.status, String(h.status), n, bytes);
    addDim(c.responseTime, responseTimeBucket(h.rtMs), n, bytes);
    if (h.blockedBy) {
      addDim(dimOf(c.dims, 'blocked_rule'), h.blockedBy, n, bytes);
      addDim(dimOf(c.dims, 'blocked_client'), h.client, n, bytes);
    }

    const position = hllPosition(h.client);
    hllAdd(c.uv, position);
    hllAdd(c.uvAll, position);
  }
}

/** Splits `account|domain|at` keys. */
export function splitKey(key: string): { accountId: number; domainId: string; at: number } {
  const first = key.indexOf('|');
  const second = key.indexOf('|', first + 1);
  return {
    accountId: Number(key.slice(0, first)),
    domainId: key.slice(first + 1, second),
    at: Number(key.slice(second + 1)),
  };
}

/**
 * Derives the coarser sums from the finer ones: 5-minute, hourly and daily points from the
 * minutes, each also for the account as a whole ('*'); daily geo and dims from the hourly ones.
 * Dims and geo are kept per domain only: reports over every domain sum the domains.
 */
export function finish(rollup: Rollup): Rollup {
  const { m1, m5, h1, d1 } = rollup.points;
  const minutes = [...m1];
  for (const [key, sums] of minutes) {
    const { accountId, at } = splitKey(key);
    addPoint(bump(m1, `${accountId}|*|${at}`, zeroPoint), sums);
  }
  for (const [key, sums] of m1) {
    const { accountId, domainId, at } = splitKey(key);
    const base = `${accountId}|${domainId}|`;
    addPoint(bump(m5, base + floorTo(at, 5 * minute), zeroPoint), sums);
    addPoint(bump(h1, base + floorTo(at, hour), zeroPoint), sums);
    addPoint(bump(d1, base + statsDayStart(at), zeroPoint), sums);
  }
  for (const [key, table] of rollup.geo.h1) {
    const { accountId, domainId, at } = splitKey(key);
    const day = bump(
      rollup.geo.d1,
      `${accountId}|${domainId}|${statsDayStart(at)}`,
      () => new Map<string, GeoSums>(),
    );
    for (const [place, sums] of table) {
      const g = bump(day, place, zeroGeo);
      g.requests += sums.requests;
      g.bytes += sums.bytes;
      g.hitRequests += sums.hitRequests;
      g.hitBytes += sums.hitBytes;
    }
  }
  for (const [key, table] of rollup.dims.h1) {
    const { accountId, domainId, at } = splitKey(key);
    const day = bump(
      rollup.dims.d1,
      `${accountId}|${domainId}|${statsDayStart(at)}`,
      () => new Map() as DimTable,
    );
    for (const [name, keys] of table) {
      const into = bump(day, name, () => new Map<string, DimSums>());
      for (const [k, sums] of keys) {
        const d = bump(into, k, zeroDim);
        d.requests += sums.requests;
        d.bytes += sums.bytes;
      }
    }
  }
  return rollup;
}

/**
 * Keeps the `keep` busiest keys of each domain, period and dimension and folds the rest into the
 * key '' ("other"): what the maintenance's compaction does to the tables, done in memory for a
 * bulk load, whose periods the tables do not hold yet.
 */
export function capDims(rollup: Rollup, keep: number): Rollup {
  for (const grain of [rollup.dims.h1, rollup.dims.d1])
    for (const table of grain.values())
      for (const [name, keys] of table) {
        if (keys.size <= keep) continue;
        const sorted = [...keys].sort((a, b) => b[1].requests - a[1].requests || (a[0] < b[0] ? -1 : 1));
        const other = keys.get('') ?? zeroDim();
        const kept = new Map<string, DimSums>();
        for (const [i, [key, sums]] of sorted.entries()) {
          if (key === '') continue;
          if (i < keep) kept.set(key, sums);
          else {
            other.requests += sums.requests;
            other.bytes += sums.bytes;
          }
        }
        kept.set('', other);
        table.set(name, kept);
      }
  return rollup;
}
