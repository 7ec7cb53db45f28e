import { param, sql } from 'drizzle-orm';
import { retentionDays, statsOffsetMs } from '../../../src/contract/traffic';
import type { Db, Executor } from '../../db/client';
import { hllMerge, type Sketch } from './hll';
import {
  partitionStart,
  shapes,
  trafficTables,
  type RollupRows,
  type RowsChunk,
  type SketchRow,
  type Span,
  type TableSpec,
} from './rollup-rows';

/**
 * The rollup tables: adding a rollup's sums to what they hold (one statement per table and 5,000
 * rows, `unnest` of column arrays, so a batch costs a few round trips), their partitions, and
 * the retention job. Every table is partitioned by range of `at`: the fine grains by day, the
 * coarse ones by month. Old partitions are dropped whole, which costs nothing like a DELETE.
 */

const day = 86_400_000;

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

/** Makes the partitions of the tables (every one unless named) between two times (inclusive), where missing. */
export async function ensurePartitions(
  db: Db,
  from: number,
  to: number,
  tables: readonly TableSpec[] = Object.values(trafficTables),
): Promise<void> {
  let known = made.get(db);
  if (!known) {
    known = new Set();
    made.set(db, known);
  }
  for (const spec of tables) {
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

/**
 * `insert … select from unnest(columns) on conflict add`: one statement for a chunk of rows, its
 * columns given as array texts (`rollup-rows.ts`).
 */
function upsert(chunk: RowsChunk) {
  const { keys, fields } = shapes[chunk.shape];
  const keyNames = ['account_id', 'domain_id', 'at', ...keys];
  const names = [...keyNames, ...fields.map(([n]) => n)];
  const types = ['int4', 'text', 'int8', ...keys.map(() => 'text'), ...fields.map(() => 'int8')];
  const arrays = chunk.columns.map((text, i) => sql`${param(text)}::${sql.raw(types[i]!)}[]`);
  const columns = names.map((_, i) => `c${i}`);
  const select = columns.map((c, i) => (names[i] === 'at' ? `to_timestamp(${c})` : c)).join(', ');
  const table = chunk.table;
  const conflict = keyNames.map((n) => `"${n}"`).join(', ');
  const updates = fields.map(([n]) => `"${n}" = "${table}"."${n}" + excluded."${n}"`).join(', ');
  return sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names.map((n) => `"${n}"`).join(', '))})
    select ${sql.raw(select)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(columns.join(', '))})
    on conflict (${sql.raw(conflict)}) do update set ${sql.raw(updates)}`;
}

/**
 * Adds a rollup's rows (built where the rollup was made) to the tables, in one transaction. With
 * `claim` (an edge's batch id recorded), the rows are added only when it answers true, in the same
 * transaction; answers whether they were.
 */
export async function writeRows(
  db: Db,
  rows: RollupRows,
  claim?: (tx: Executor) => Promise<boolean>,
): Promise<boolean> {
  const empty = rows.chunks.length === 0 && rows.sketches.length === 0;
  if (empty && !claim) return true;
  // Only the partitions rows go to: a load of old days makes none of the fine grains' days.
  for (const { table, from, to } of rows.spans) await ensurePartitions(db, from, to, [table]);
  return db.transaction(async (tx) => {
    // The claim first: what it refuses (a batch counted before) is not added again.
    if (claim && !(await claim(tx))) return false;
    for (const chunk of rows.chunks) await tx.execute(upsert(chunk));
    for (let i = 0; i < rows.sketches.length; i += 500)
      await addSketches(tx, rows.sketches.slice(i, i + 500));
    return true;
  });
}

/**
 * Merges sketches into `traffic_uv`. New days are inserted as they are; sketches already held are
 * locked, merged here and written back: merging 4,096 registers in SQL costs the embedded database
 * tens of milliseconds a row, here it costs microseconds.
 */
async function addSketches(tx: Executor, entries: readonly SketchRow[]): Promise<void> {
  const keyOf = (accountId: number, domainId: string, at: number) => `${accountId}|${domainId}|${at}`;
  const columns = (rows: readonly SketchRow[]) => sql`${param(rows.map((r) => r.accountId))}::int4[],
    ${param(rows.map((r) => r.domainId))}::text[],
    ${param(rows.map((r) => new Date(r.day).toISOString()))}::timestamptz[]`;
  const inserted = rowsOf<{ account_id: number; domain_id: string; day: string | Date }>(
    await tx.execute(sql`
      insert into traffic_uv (account_id, domain_id, day, sketch)
      select a, d, t, decode(h, 'hex') from unnest(${columns(entries)},
        ${param(entries.map((e) => e.hex))}::text[]) as u(a, d, t, h)
      on conflict (account_id, domain_id, day) do nothing
      returning account_id, domain_id, day`),
  );
  const done = new Set(
    inserted.map((r) => keyOf(Number(r.account_id), r.domain_id, new Date(r.day).getTime())),
  );
  const rest = entries.filter((e) => !done.has(keyOf(e.accountId, e.domainId, e.day)));
  if (rest.length === 0) return;
  const held = rowsOf<{ account_id: number; domain_id: string; day: string | Date; sketch: string }>(
    await tx.execute(sql`
      select account_id, domain_id, day, encode(sketch, 'hex') as sketch from traffic_uv
      where (account_id, domain_id, day) in (select * from unnest(${columns(rest)}))
      for update`),
  );
  const merged = new Map<string, { row: SketchRow; sketch: Sketch }>(
    held.map((r) => {
      const row = { accountId: Number(r.account_id), domainId: r.domain_id, day: new Date(r.day).getTime() };
      return [
        keyOf(row.accountId, row.domainId, row.day),
        { row: { ...row, hex: '' }, sketch: Uint8Array.from(Buffer.from(r.sketch, 'hex')) },
      ];
    }),
  );
  for (const e of rest) {
    const into = merged.get(keyOf(e.accountId, e.domainId, e.day));
    if (into) hllMerge(into.sketch, Buffer.from(e.hex, 'hex'));
  }
  const rows = [...merged.values()].map(({ row, sketch }) => ({
    ...row,
    hex: Buffer.from(sketch).toString('hex'),
  }));
  await tx.execute(sql`
    update traffic_uv set sketch = decode(u.h, 'hex')
    from unnest(${columns(rows)}, ${param(rows.map((r) => r.hex))}::text[]) as u(a, d, t, h)
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
