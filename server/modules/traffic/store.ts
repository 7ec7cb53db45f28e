import { param, sql } from 'drizzle-orm';
import { retentionDays, statsOffsetMs } from '../../../src/contract/traffic';
import type { Db, Executor } from '../../db/client';
import { splitKey, type DimTable, type GeoSums, type Rollup } from './aggregate';
import { hllMerge, type Sketch } from './hll';

/**
 * The rollup tables: adding a rollup's sums to what they hold (one statement per table and 5,000
 * rows, `unnest` of column arrays, so a batch costs a few round trips), their partitions, and
 * the retention job. Every table is partitioned by range of `at`: the fine grains by day, the
 * coarse ones by month. Old partitions are dropped whole, which costs nothing like a DELETE.
 */

type Span = 'day' | 'month';
interface TableSpec {
  name: string;
  span: Span;
  keepDays: number;
}

export const trafficTables = {
  m1: { name: 'traffic_1m', span: 'day', keepDays: retentionDays.minute },
  m5: { name: 'traffic_5m', span: 'day', keepDays: retentionDays.fiveMinutes },
  h1: { name: 'traffic_1h', span: 'month', keepDays: retentionDays.hour },
  d1: { name: 'traffic_1d', span: 'month', keepDays: retentionDays.day },
  geoH1: { name: 'traffic_geo_1h', span: 'day', keepDays: retentionDays.hourDims },
  geoD1: { name: 'traffic_geo_1d', span: 'month', keepDays: retentionDays.hour },
  dimsH1: { name: 'traffic_dims_1h', span: 'day', keepDays: retentionDays.hourDims },
  dimsD1: { name: 'traffic_dims_1d', span: 'month', keepDays: retentionDays.hour },
} as const satisfies Record<string, TableSpec>;

const day = 86_400_000;

/** Start of the partition holding `at` (days and months begin at 00:00 UTC+8). */
export function partitionStart(span: Span, at: number): number {
  const local = new Date(at + statsOffsetMs);
  const start =
    span === 'day'
      ? Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
      : Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return start - statsOffsetMs;
}

function nextPartition(span: Span, start: number): number {
  if (span === 'day') return start + day;
  const local = new Date(start + statsOffsetMs);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - statsOffsetMs;
}

function partitionName(table: string, span: Span, start: number): string {
  const local = new Date(start + statsOffsetMs).toISOString().replace(/-/g, '');
  return `${table}_p${span === 'day' ? local.slice(0, 8) : local.slice(0, 6)}`;
}

/** Partitions known to exist, per database. */
const made = new WeakMap<object, Set<string>>();

/** Makes the partitions of every table between two times (inclusive), where missing. */
export async function ensurePartitions(db: Db, from: number, to: number): Promise<void> {
  let known = made.get(db);
  if (!known) {
    known = new Set();
    made.set(db, known);
  }
  for (const spec of Object.values(trafficTables)) {
    for (let start = partitionStart(spec.span, from); start <= to; start = nextPartition(spec.span, start)) {
      const name = partitionName(spec.name, spec.span, start);
      if (known.has(name)) continue;
      const end = nextPartition(spec.span, start);
      try {
        await db.execute(
          sql.raw(
            `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${spec.name}" FOR VALUES FROM ('${new Date(start).toISOString()}') TO ('${new Date(end).toISOString()}')`,
          ),
        );
      } catch {
        // Made by another instance at the same moment, or rows of that range already sit in the
        // default partition: they stay there and are read all the same.
      }
      known.add(name);
    }
  }
}

/** Drops the partitions past their table's retention and clears old rows of the default ones. */
export async function dropExpired(db: Db, now: number): Promise<string[]> {
  const dropped: string[] = [];
  const known = made.get(db);
  for (const spec of Object.values(trafficTables)) {
    const cutoff = now - spec.keepDays * day;
    const rows = await db.execute(sql`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = ${spec.name}`);
    for (const row of rowsOf<{ name: string; bound: string }>(rows)) {
      const match = /TO \('([^']+)'\)/.exec(row.bound);
      if (!match?.[1]) continue;
      if (Date.parse(match[1]) <= cutoff) {
        await db.execute(sql.raw(`DROP TABLE IF EXISTS "${row.name}"`));
        known?.delete(row.name);
        dropped.push(row.name);
      }
    }
    await db.execute(
      sql.raw(`DELETE FROM "${spec.name}_default" WHERE at < '${new Date(cutoff).toISOString()}'`),
    );
  }
  await db.execute(
    sql`delete from traffic_uv where day < ${new Date(now - retentionDays.hour * day).toISOString()}`,
  );
  return dropped;
}

/** Rows of `db.execute` on either driver (node-postgres answers `{ rows }`, PGlite too). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const chunk = 5000;

async function upsertChunks<K, T>(
  tx: Executor,
  entries: [K, T][],
  write: (slice: [K, T][]) => ReturnType<Executor['execute']>,
): Promise<void> {
  for (let i = 0; i < entries.length; i += chunk) await write(entries.slice(i, i + chunk));
}

const pointFields = [
  ['requests', 'requests'],
  ['bytes', 'bytes'],
  ['hit_requests', 'hitRequests'],
  ['hit_bytes', 'hitBytes'],
  ['s2xx', 's2xx'],
  ['s3xx', 's3xx'],
  ['s4xx', 's4xx'],
  ['s5xx', 's5xx'],
  ['blocked', 'blocked'],
  ['pv', 'pv'],
  ['rt_ms', 'rtMs'],
] as const;
const geoFields = pointFields.slice(0, 4);
const dimFields = pointFields.slice(0, 2);

type Sums = Record<string, number>;

/**
 * `insert … select from unnest(columns) on conflict add`: one statement for up to `chunk` rows.
 * `keys` are the key columns with their SQL array type; `fields` the summed columns.
 */
function upsert(
  table: string,
  keys: readonly (readonly [string, string])[],
  fields: readonly (readonly [string, string])[],
  keyValues: unknown[][],
  sums: Sums[],
) {
  const names = [...keys.map(([n]) => n), ...fields.map(([n]) => n)];
  const arrays = [
    ...keys.map(([, type], i) => sql`${param(keyValues.map((k) => k[i]))}::${sql.raw(type)}[]`),
    ...fields.map(([, prop]) => sql`${param(sums.map((s) => Math.round(s[prop] ?? 0)))}::int8[]`),
  ];
  const conflict = keys.map(([n]) => `"${n}"`).join(', ');
  const updates = fields.map(([n]) => `"${n}" = "${table}"."${n}" + excluded."${n}"`).join(', ');
  return sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names.map((n) => `"${n}"`).join(', '))})
    select * from unnest(${sql.join(arrays, sql`, `)})
    on conflict (${sql.raw(conflict)}) do update set ${sql.raw(updates)}`;
}

const pointKeys = [
  ['account_id', 'int4'],
  ['domain_id', 'text'],
  ['at', 'timestamptz'],
] as const;

/** Adds a finished rollup to the tables, in one transaction; grains past retention are skipped. */
export async function writeRollup(db: Db, rollup: Rollup, now: number): Promise<void> {
  if (rollup.lines === 0) return;
  await ensurePartitions(db, Math.max(rollup.from, now - retentionDays.day * day), rollup.to);
  const kept = (spec: TableSpec) => (at: number) =>
    at >= partitionStart(spec.span, now - spec.keepDays * day);
  await db.transaction(async (tx) => {
    const points = async (map: Map<string, Sums>, spec: TableSpec) => {
      const keep = kept(spec);
      const entries: [ReturnType<typeof splitKey>, Sums][] = [];
      for (const [key, sums] of map) {
        const k = splitKey(key);
        if (keep(k.at)) entries.push([k, sums]);
      }
      await upsertChunks(tx, entries, (slice) => {
        const keys = slice.map(([k]) => [k.accountId, k.domainId, new Date(k.at).toISOString()]);
        return tx.execute(
          upsert(
            spec.name,
            pointKeys,
            pointFields,
            keys,
            slice.map(([, s]) => s),
          ),
        );
      });
    };
    await points(rollup.points.m1 as unknown as Map<string, Sums>, trafficTables.m1);
    await points(rollup.points.m5 as unknown as Map<string, Sums>, trafficTables.m5);
    await points(rollup.points.h1 as unknown as Map<string, Sums>, trafficTables.h1);
    await points(rollup.points.d1 as unknown as Map<string, Sums>, trafficTables.d1);

    const geo = async (map: Map<string, Map<string, GeoSums>>, spec: TableSpec) => {
      const keep = kept(spec);
      const entries: [unknown[], Sums][] = [];
      for (const [key, table] of map) {
        const k = splitKey(key);
        if (!keep(k.at)) continue;
        const at = new Date(k.at).toISOString();
        for (const [place, sums] of table) {
          const [region, carrier] = place.split('|');
          entries.push([[k.accountId, k.domainId, at, region, carrier], sums as unknown as Sums]);
        }
      }
      for (let i = 0; i < entries.length; i += chunk) {
        const slice = entries.slice(i, i + chunk);
        await tx.execute(
          upsert(
            spec.name,
            [...pointKeys, ['region', 'text'], ['carrier', 'text']],
            geoFields,
            slice.map(([k]) => k),
            slice.map(([, s]) => s),
          ),
        );
      }
    };
    await geo(rollup.geo.h1, trafficTables.geoH1);
    await geo(rollup.geo.d1, trafficTables.geoD1);

    const dims = async (map: Map<string, DimTable>, spec: TableSpec) => {
      const keep = kept(spec);
      const entries: [unknown[], Sums][] = [];
      for (const [key, table] of map) {
        const k = splitKey(key);
        if (!keep(k.at)) continue;
        const at = new Date(k.at).toISOString();
        for (const [name, keys] of table)
          for (const [value, sums] of keys)
            entries.push([[k.accountId, k.domainId, at, name, value], sums as unknown as Sums]);
      }
      for (let i = 0; i < entries.length; i += chunk) {
        const slice = entries.slice(i, i + chunk);
        await tx.execute(
          upsert(
            spec.name,
            [...pointKeys, ['dim', 'text'], ['key', 'text']],
            dimFields,
            slice.map(([k]) => k),
            slice.map(([, s]) => s),
          ),
        );
      }
    };
    await dims(rollup.dims.h1, trafficTables.dimsH1);
    await dims(rollup.dims.d1, trafficTables.dimsD1);

    const uvEntries = [...rollup.uv].filter(([key]) => splitKey(key).at >= now - retentionDays.hour * day);
    for (let i = 0; i < uvEntries.length; i += 500) await addSketches(tx, uvEntries.slice(i, i + 500));
  });
}

/**
 * Merges sketches into `traffic_uv`. New days are inserted as they are; sketches already held are
 * locked, merged here and written back: merging 4,096 registers in SQL costs the embedded database
 * tens of milliseconds a row, here it costs microseconds.
 */
async function addSketches(tx: Executor, entries: [string, Sketch][]): Promise<void> {
  const parts = entries.map(([key]) => splitKey(key));
  const days = parts.map((p) => new Date(p.at).toISOString());
  const inserted = rowsOf<{ account_id: number; domain_id: string; day: string | Date }>(
    await tx.execute(sql`
      insert into traffic_uv (account_id, domain_id, day, sketch)
      select a, d, t, decode(h, 'hex') from unnest(${param(parts.map((p) => p.accountId))}::int4[],
        ${param(parts.map((p) => p.domainId))}::text[], ${param(days)}::timestamptz[],
        ${param(entries.map(([, s]) => Buffer.from(s).toString('hex')))}::text[]) as u(a, d, t, h)
      on conflict (account_id, domain_id, day) do nothing
      returning account_id, domain_id, day`),
  );
  const keyOf = (accountId: number, domainId: string, at: number) => `${accountId}|${domainId}|${at}`;
  const done = new Set(
    inserted.map((r) => keyOf(Number(r.account_id), r.domain_id, new Date(r.day).getTime())),
  );
  const rest = entries.filter(([key]) => {
    const k = splitKey(key);
    return !done.has(keyOf(k.accountId, k.domainId, k.at));
  });
  if (rest.length === 0) return;
  const restParts = rest.map(([key]) => splitKey(key));
  const held = rowsOf<{ account_id: number; domain_id: string; day: string | Date; sketch: string }>(
    await tx.execute(sql`
      select account_id, domain_id, day, encode(sketch, 'hex') as sketch from traffic_uv
      where (account_id, domain_id, day) in (
        select * from unnest(${param(restParts.map((p) => p.accountId))}::int4[],
          ${param(restParts.map((p) => p.domainId))}::text[],
          ${param(restParts.map((p) => new Date(p.at).toISOString()))}::timestamptz[]))
      for update`),
  );
  const merged = new Map<string, Sketch>(
    held.map((r) => [
      keyOf(Number(r.account_id), r.domain_id, new Date(r.day).getTime()),
      Uint8Array.from(Buffer.from(r.sketch, 'hex')),
    ]),
  );
  for (const [key, sketch] of rest) {
    const k = splitKey(key);
    const into = merged.get(keyOf(k.accountId, k.domainId, k.at));
    if (into) hllMerge(into, sketch);
  }
  const rows = [...merged];
  await tx.execute(sql`
    update traffic_uv set sketch = decode(u.h, 'hex')
    from unnest(${param(rows.map(([key]) => splitKey(key).accountId))}::int4[],
      ${param(rows.map(([key]) => splitKey(key).domainId))}::text[],
      ${param(rows.map(([key]) => new Date(splitKey(key).at).toISOString()))}::timestamptz[],
      ${param(rows.map(([, s]) => Buffer.from(s).toString('hex')))}::text[]) as u(a, d, t, h)
    where traffic_uv.account_id = u.a and traffic_uv.domain_id = u.d and traffic_uv.day = u.t`);
}

/**
 * Keeps the `keep` busiest keys of each domain, period and dimension between two times and folds
 * the rest into the key '' ("other"), so a dimension's rows stay bounded whatever the traffic.
 */
export async function compactDims(db: Db, from: number, to: number, keep: number): Promise<void> {
  for (const spec of [trafficTables.dimsH1, trafficTables.dimsD1]) {
    const table = sql.raw(`"${spec.name}"`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with ranked as (
          select account_id, domain_id, dim, at, key,
            row_number() over (partition by account_id, domain_id, dim, at order by requests desc, key) as rank
          from ${table}
          where at >= ${new Date(from).toISOString()} and at < ${new Date(to).toISOString()} and key <> ''
        ), gone as (
          delete from ${table} t using ranked r
          where r.rank > ${keep} and t.account_id = r.account_id and t.domain_id = r.domain_id
            and t.dim = r.dim and t.at = r.at and t.key = r.key
          returning t.account_id, t.domain_id, t.dim, t.at, t.requests, t.bytes
        )
        insert into ${table} (account_id, domain_id, dim, at, key, requests, bytes)
        select account_id, domain_id, dim, at, '', sum(requests), sum(bytes) from gone
        group by account_id, domain_id, dim, at
        on conflict (account_id, domain_id, dim, at, key) do update
          set requests = ${table}.requests + excluded.requests, bytes = ${table}.bytes + excluded.bytes`);
    });
  }
}
