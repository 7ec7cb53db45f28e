import { param, sql, type SQL } from 'drizzle-orm';
import {
  finestGranularity,
  retentionDays,
  statsOffsetMs,
  type Granularity,
  trafficSums,
  type TrafficColumns,
  type TrafficSummary,
  type TopDimension,
  type TopOrder,
  statsDayStart,
} from '../../../src/contract/traffic';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../http/envelope';
import { eventsOnTargets } from '../audit/service';
import { domainsByIds } from '../domain/service';
import { allDomains, floorTo } from './aggregate';
import { hllCount, hllError, hllMerge, hllRegisters } from './hll';
import { rowsOf } from './store';
import { allows, type IdScope } from '../user/scope';
import { Code } from '../../../src/contract';

/** The domains a query reads: the account as a whole, or some of its domains. */
export interface Scope {
  accountId: number;
  domainIds: string[] | 'all';
}

export interface Range {
  start: number;
  end: number;
}

const minute = 60_000;
const day = 86_400_000;

/**
 * Checks the chosen domains belong to the account (deleted ones keep their history); whether the
 * caller reaches them the gate judged (server/authz).
 */
export async function scopeOf(
  db: Db,
  accountId: number,
  input: { all: boolean; domain_ids: string[] },
  granted: IdScope = { all: true },
): Promise<Scope> {
  // "All domains" of a sub-account are those granted to it (spec §6 data permission).
  if (input.all)
    return granted.all ? { accountId, domainIds: 'all' } : { accountId, domainIds: [...granted.ids] };
  const ids = [...new Set(input.domain_ids)];
  const found = await domainsByIds(db, accountId, ids);
  if (found.length !== ids.length) throw new AppError(Code.notFound, 'traffic.domain.notFound');
  return { accountId, domainIds: ids };
}

const pointTables: Record<Granularity, string> = {
  1: 'traffic_1m',
  5: 'traffic_5m',
  60: 'traffic_1h',
  1440: 'traffic_1d',
};

function domainFilter(scope: Scope): SQL {
  return scope.domainIds === 'all'
    ? sql`domain_id = ${allDomains}`
    : sql`domain_id = any(${param(scope.domainIds)}::text[])`;
}

/** The start of the period of `grain` minutes holding `at` (days from 00:00 UTC+8). */
export const periodStart = (grain: Granularity, at: number) =>
  grain === 1440 ? statsDayStart(at) : floorTo(at, grain * minute);

const numberFields = trafficSums;

/** The points of a range as columns, every period present (zeros where nothing was logged). */
export async function readColumns(
  db: Db,
  scope: Scope,
  range: Range,
  grain: Granularity,
  filter: { region?: string | undefined; carrier?: string | undefined } = {},
): Promise<TrafficColumns> {
  const geo = filter.region !== undefined || filter.carrier !== undefined;
  const from = new Date(periodStart(grain, range.start)).toISOString();
  const to = new Date(range.end).toISOString();
  let query: SQL;
  if (geo) {
    if (grain < 60) throw new AppError(Code.invalidRequest, 'traffic.granularity.geo');
    const table = sql.raw(grain === 60 ? 'traffic_geo_1h' : 'traffic_geo_1d');
    const domains =
      scope.domainIds === 'all' ? sql`true` : sql`domain_id = any(${param(scope.domainIds)}::text[])`;
    query = sql`
      select at, sum(requests) as requests, sum(bytes) as bytes, sum(hit_requests) as hit_requests,
        sum(hit_bytes) as hit_bytes, 0 as s2xx, 0 as s3xx, 0 as s4xx, 0 as s5xx, 0 as blocked, 0 as pv,
        0 as rt_ms
      from ${table}
      where account_id = ${scope.accountId} and ${domains} and at >= ${from} and at < ${to}
        ${filter.region ? sql`and region = ${filter.region}` : sql``}
        ${filter.carrier ? sql`and carrier = ${filter.carrier}` : sql``}
      group by at`;
  } else {
    const table = sql.raw(pointTables[grain]);
    const where = sql`account_id = ${scope.accountId} and ${domainFilter(scope)} and at >= ${from} and at < ${to}`;
    // One row per period already (the account as a whole, or one domain): nothing to add up.
    query =
      scope.domainIds === 'all' || scope.domainIds.length === 1
        ? sql`select at, ${sql.raw(numberFields.join(', '))} from ${table} where ${where}`
        : sql`
          select at, sum(requests) as requests, sum(bytes) as bytes, sum(hit_requests) as hit_requests,
            sum(hit_bytes) as hit_bytes, sum(s2xx) as s2xx, sum(s3xx) as s3xx, sum(s4xx) as s4xx,
            sum(s5xx) as s5xx, sum(blocked) as blocked, sum(pv) as pv, sum(rt_ms) as rt_ms
          from ${table} where ${where} group by at`;
  }
  // The points come back as one text, not a row each: a month of 5-minute points is 8,640 rows,
  // and decoding them one by one costs the embedded database several times the query. The text
  // is JSON, an array a period (its epoch milliseconds, then the sums), read in one go.
  const [answer] = rowsOf<{ points: string | null }>(
    await db.execute(sql`
      select string_agg(concat('[', concat_ws(',', (extract(epoch from at) * 1000)::int8, ${sql.raw(numberFields.join(', '))}), ']'), ',') as points
      from (${query}) as p`),
  );
  const found = new Map<number, number[]>();
  for (const row of JSON.parse(`[${answer?.points ?? ''}]`) as number[][]) found.set(row[0]!, row);
  const columns = { at: [] as number[] } as TrafficColumns;
  const sums = numberFields.map((field) => (columns[field] = [] as number[]));
  for (let at = periodStart(grain, range.start); at < range.end;) {
    const row = found.get(at);
    columns.at.push(at);
    for (let i = 0; i < sums.length; i++) sums[i]!.push(row?.[i + 1] ?? 0);
    at = grain === 1440 ? statsDayStart(at + day + 3_600_000) : at + grain * minute;
  }
  return columns;
}

/** The first `count` periods of columns. */
function firstOf(columns: TrafficColumns, count: number): TrafficColumns {
  if (count >= columns.at.length) return columns;
  const out = { at: columns.at.slice(0, count) } as TrafficColumns;
  for (const field of numberFields) out[field] = columns[field].slice(0, count);
  return out;
}

/** The nearest-rank percentile of values (95th: the value below which 95 % of the points lie). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Bits per second of a point of `grain` minutes. */
export const bpsOf = (bytes: number, grain: Granularity) => (bytes * 8) / (grain * 60);

/**
 * Totals, peak (with its time) and the 95th percentile of the range. The percentile is taken over
 * 5-minute points, as bandwidth is billed: from the minutes summed when the points are minutes,
 * from the 5-minute table when they are coarser and that table still covers the range, otherwise
 * over the points themselves.
 */
export async function summaryOf(
  db: Db,
  scope: Scope,
  range: Range,
  grain: Granularity,
  points: TrafficColumns,
  now: number,
  geo: boolean,
): Promise<TrafficSummary> {
  const summary: TrafficSummary = {
    requests: 0,
    bytes: 0,
    hit_requests: 0,
    hit_bytes: 0,
    peak_bps: 0,
    peak_at: null,
    p95_bps: 0,
    peak_qps: 0,
    pv: 0,
    blocked: 0,
    s2xx: 0,
    s3xx: 0,
    s4xx: 0,
    s5xx: 0,
    rt_ms: 0,
  };
  for (const sum of numberFields) summary[sum] = points[sum].reduce((a, b) => a + b, 0);
  let peakAt = -1;
  points.bytes.forEach((bytes, i) => {
    const bps = bpsOf(bytes, grain);
    if (bps > summary.peak_bps) {
      summary.peak_bps = bps;
      peakAt = points.at[i]!;
    }
    summary.peak_qps = Math.max(summary.peak_qps, points.requests[i]! / (grain * 60));
  });
  if (peakAt >= 0) summary.peak_at = new Date(peakAt).toISOString();
  let fiveMinute: number[];
  if (grain === 5) fiveMinute = points.bytes;
  else if (grain === 1) {
    const sums = new Map<number, number>();
    points.at.forEach((at, i) => {
      const five = floorTo(at, 5 * minute);
      sums.set(five, (sums.get(five) ?? 0) + points.bytes[i]!);
    });
    fiveMinute = [...sums.values()];
  } else if (
    !geo &&
    range.start >= now - retentionDays.fiveMinutes * day &&
    range.end - range.start <= 62 * day
  )
    fiveMinute = (await readColumns(db, scope, range, 5)).bytes;
  else fiveMinute = [];
  summary.p95_bps =
    fiveMinute.length > 0
      ? bpsOf(percentile(fiveMinute, 95), 5)
      : percentile(
          points.bytes.map((bytes) => bpsOf(bytes, grain)),
          95,
        );
  return summary;
}

/** The series of a query, with its summary, the previous period's when asked, and the markers. */
export async function series(
  db: Db,
  scope: Scope,
  range: Range,
  grain: Granularity,
  options: { compare: boolean; region?: string | undefined; carrier?: string | undefined; now: number },
) {
  if (grain < finestGranularity(range.end - range.start))
    throw new AppError(Code.invalidRequest, 'traffic.granularity.tooFine');
  const filter = { region: options.region, carrier: options.carrier };
  const geo = options.region !== undefined || options.carrier !== undefined;
  // Points of a period still going stop at the present: the future is not zero, it is unknown.
  const read = await readColumns(db, scope, range, grain, filter);
  const points = firstOf(read, read.at.filter((at) => at <= options.now).length);
  const summary = await summaryOf(db, scope, range, grain, points, options.now, geo);
  let previous = null;
  if (options.compare) {
    const length = range.end - range.start;
    // A period still going is compared with the same stretch of the one before it: today so far
    // against yesterday until this time of day, not against the whole of yesterday.
    const step = grain * minute;
    const sofar =
      range.end > options.now
        ? Math.min(length, Math.ceil(Math.max(step, options.now - range.start) / step) * step)
        : length;
    const before = { start: range.start - length, end: range.start - length + sofar };
    const prevPoints = await readColumns(db, scope, before, grain, filter);
    previous = {
      points: prevPoints,
      summary: await summaryOf(db, scope, before, grain, prevPoints, options.now, geo),
    };
  }
  const events = await eventsOnTargets(
    db,
    scope.accountId,
    scope.domainIds,
    new Date(range.start),
    new Date(range.end),
    200,
  );
  const latest = points.at.findLast((_, i) => points.requests[i]! > 0);
  return {
    granularity: grain,
    points,
    summary,
    previous,
    markers: events.map((e) => ({ at: e.at.toISOString(), domain: e.target, command: e.action })),
    latest_at: latest === undefined ? null : new Date(latest).toISOString(),
  };
}

/** Whether a range is whole days (UTC+8), so daily rows answer it. */
const wholeDays = (range: Range) =>
  statsDayStart(range.start) === range.start && statsDayStart(range.end) === range.end;

/** The busiest keys of a dimension over a range, with the range's totals. */
export async function top(
  db: Db,
  scope: Scope,
  range: Range,
  dimension: Exclude<TopDimension, 'sub_account'>,
  limit: number,
  now: number,
  order: TopOrder = 'requests',
) {
  // The column the rows are ranked by: 2 (requests) or 3 (bytes), then the key.
  const rank = sql.raw(order === 'bytes' ? '3 desc' : '2 desc');
  const daily = wholeDays(range) || range.start < now - retentionDays.hourDims * day;
  const from = new Date(daily ? statsDayStart(range.start) : floorTo(range.start, 3_600_000)).toISOString();
  const to = new Date(range.end).toISOString();
  const domains =
    scope.domainIds === 'all'
      ? sql`domain_id <> ${allDomains}`
      : sql`domain_id = any(${param(scope.domainIds)}::text[])`;
  const totals = rowsOf<{ requests: string | null; bytes: string | null }>(
    await db.execute(sql`
      select sum(requests) as requests, sum(bytes) as bytes from ${sql.raw(daily ? 'traffic_1d' : 'traffic_1h')}
      where account_id = ${scope.accountId} and ${domainFilter(scope)} and at >= ${from} and at < ${to}`),
  )[0];
  let query: SQL;
  if (dimension === 'region' || dimension === 'carrier') {
    query = sql`select ${sql.raw(dimension)} as key, sum(requests) as requests, sum(bytes) as bytes
      from ${sql.raw(daily ? 'traffic_geo_1d' : 'traffic_geo_1h')}
      where account_id = ${scope.accountId} and ${domains} and at >= ${from} and at < ${to}
      group by 1 order by ${rank}, 1 limit ${limit}`;
  } else if (dimension === 'domain') {
    query = sql`select domain_id as key, sum(requests) as requests, sum(bytes) as bytes
      from ${sql.raw(daily ? 'traffic_1d' : 'traffic_1h')}
      where account_id = ${scope.accountId} and ${domains} and at >= ${from} and at < ${to}
      group by 1 order by ${rank}, 1 limit ${limit}`;
  } else {
    query = sql`select key, sum(requests) as requests, sum(bytes) as bytes
      from ${sql.raw(daily ? 'traffic_dims_1d' : 'traffic_dims_1h')}
      where account_id = ${scope.accountId} and ${domains} and dim = ${dimension}
        and at >= ${from} and at < ${to} and key <> ''
      group by 1 order by ${rank}, 1 limit ${limit}`;
  }
  const rows = rowsOf<{ key: string; requests: string; bytes: string }>(await db.execute(query));
  return {
    rows: rows.map((r) => ({ key: r.key, requests: Number(r.requests), bytes: Number(r.bytes) })),
    total_requests: Number(totals?.requests ?? 0),
    total_bytes: Number(totals?.bytes ?? 0),
  };
}

/** A sub-account as the report's sub-account dimension reads it: its login and the domains it reaches. */
export interface SubAccountReach {
  login: string;
  domains: IdScope;
}

/**
 * The report's sub-account dimension: each sub-account's requests and traffic over the range,
 * summed over the domains of the query it reaches, the busiest first; the totals are the query's.
 */
export async function topBySubAccount(
  db: Db,
  scope: Scope,
  range: Range,
  subAccounts: readonly SubAccountReach[],
  limit: number,
  now: number,
  order: TopOrder = 'requests',
) {
  const byDomain = await top(db, scope, range, 'domain', Number.MAX_SAFE_INTEGER, now);
  const rows = subAccounts
    .map(({ login, domains }) => {
      const reached = byDomain.rows.filter((r) => allows(domains, r.key));
      return {
        key: login,
        requests: reached.reduce((sum, r) => sum + r.requests, 0),
        bytes: reached.reduce((sum, r) => sum + r.bytes, 0),
      };
    })
    .filter((r) => r.requests > 0 || r.bytes > 0)
    .sort(
      (a, b) => (order === 'bytes' ? b.bytes - a.bytes : b.requests - a.requests) || (a.key < b.key ? -1 : 1),
    )
    .slice(0, limit);
  return { rows, total_requests: byDomain.total_requests, total_bytes: byDomain.total_bytes };
}

/** Distinct clients per day and over the range, with page views, for whole days (UTC+8). */
export async function uniqueVisitors(db: Db, scope: Scope, range: Range) {
  const from = statsDayStart(range.start);
  const to = range.end;
  const rows = rowsOf<{ day: string | Date; sketch: Uint8Array | string }>(
    await db.execute(sql`
      select day, sketch from traffic_uv
      where account_id = ${scope.accountId} and ${domainFilter(scope)}
        and day >= ${new Date(from).toISOString()} and day < ${new Date(to).toISOString()}`),
  );
  const pv = await readColumns(db, scope, { start: from, end: to }, 1440);
  const days = new Map<number, Uint8Array>();
  const whole = new Uint8Array(hllRegisters);
  for (const row of rows) {
    const bytes =
      typeof row.sketch === 'string' ? Buffer.from(row.sketch.replace(/^\\x/, ''), 'hex') : row.sketch;
    const at = new Date(row.day).getTime();
    let sketch = days.get(at);
    if (!sketch) {
      sketch = new Uint8Array(hllRegisters);
      days.set(at, sketch);
    }
    hllMerge(sketch, bytes);
    hllMerge(whole, bytes);
  }
  return {
    points: pv.at.map((at, i) => {
      const sketch = days.get(at);
      return { at: new Date(at).toISOString(), uv: sketch ? hllCount(sketch) : 0, pv: pv.pv[i]! };
    }),
    uv: hllCount(whole),
    pv: pv.pv.reduce((sum, n) => sum + n, 0),
    error: hllError,
  };
}

export { statsOffsetMs };

/**
 * An account's flow per hour in [from, to) from the hourly regional rollup, split into the
 * mainland and the rest of the world (Hong Kong, Macao and Taiwan included); an address the IP
 * database does not place counts as mainland (the regional rollup is kept per domain: every
 * domain is summed). For the traffic packages' usage.
 */
export async function hourlyFlowByArea(
  db: Executor,
  accountId: number,
  from: Date,
  to: Date,
): Promise<{ at: Date; mainland: number; overseas: number }[]> {
  const result = await db.execute<{
    at: string | Date;
    mainland: string | number;
    overseas: string | number;
  }>(sql`
    select at,
      coalesce(sum(bytes) filter (where region not in ('overseas', 'HK', 'MO', 'TW')), 0) as mainland,
      coalesce(sum(bytes) filter (where region in ('overseas', 'HK', 'MO', 'TW')), 0) as overseas
    from traffic_geo_1h
    where account_id = ${accountId} and at >= ${from.toISOString()} and at < ${to.toISOString()}
    group by at
    order by at`);
  return result.rows.map((row) => ({
    at: new Date(row.at),
    mainland: Number(row.mainland),
    overseas: Number(row.overseas),
  }));
}
