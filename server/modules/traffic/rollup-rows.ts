import { retentionDays, statsOffsetMs } from '../../../src/contract/traffic';
import { splitKey, type DimSums, type GeoSums, type PointSums, type Rollup } from './aggregate';
import { hllMerge } from './hll';

/**
 * A finished rollup as the rows it adds to the tables: per table, its columns as PostgreSQL array
 * texts, ready to be `unnest`ed by one statement per 5,000 rows. Pure, so it is built where the
 * rollup is (an ingestion worker for a bulk load): the event loop that runs the database then
 * passes texts on instead of turning hundreds of thousands of values into them.
 */

export type Span = 'day' | 'month';
export interface TableSpec {
  name: string;
  span: Span;
  keepDays: number;
}

/** Every table is partitioned by range of `at`: the fine grains by day, the coarse ones by month. */
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

export const pointFields = [
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

/** The shapes of the tables: their key columns (after account, domain and time) and summed fields. */
export const shapes = {
  points: { keys: [], fields: pointFields },
  geo: { keys: ['region', 'carrier'], fields: pointFields.slice(0, 4) },
  dims: { keys: ['dim', 'key'], fields: pointFields.slice(0, 2) },
} as const;
export type Shape = keyof typeof shapes;

/** One statement's rows: account ids, domain ids, times (seconds), the shape's keys, then its fields. */
export interface RowsChunk {
  table: string;
  shape: Shape;
  columns: string[];
}

export interface SketchRow {
  accountId: number;
  domainId: string;
  day: number;
  hex: string;
}

export interface RollupRows {
  /** The times each table's rows span, for the partitions they need. */
  spans: { table: TableSpec; from: number; to: number }[];
  chunks: RowsChunk[];
  sketches: SketchRow[];
}

const chunkRows = 5000;

/** An array text element: quoted, with the characters PostgreSQL escapes (and no NUL, which text cannot hold). */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, '\\$&').replaceAll('\0', '')}"`;
const texts = (values: readonly string[]) => `{${values.map(quoted).join(',')}}`;
const numbers = (values: readonly number[]) => `{${values.join(',')}}`;

interface Row {
  accountId: number;
  domainId: string;
  at: number;
  keys: readonly string[];
  sums: PointSums | GeoSums | DimSums;
}

function chunksOf(table: string, shape: Shape, rows: readonly Row[]): RowsChunk[] {
  const { keys, fields } = shapes[shape];
  const chunks: RowsChunk[] = [];
  for (let i = 0; i < rows.length; i += chunkRows) {
    const slice = rows.slice(i, i + chunkRows);
    const sums = slice.map((r) => r.sums as unknown as Record<string, number>);
    chunks.push({
      table,
      shape,
      columns: [
        numbers(slice.map((r) => r.accountId)),
        texts(slice.map((r) => r.domainId)),
        numbers(slice.map((r) => r.at / 1000)),
        ...keys.map((_, k) => texts(slice.map((r) => r.keys[k]!))),
        ...fields.map(([, prop]) => numbers(sums.map((s) => Math.round(s[prop] ?? 0)))),
      ],
    });
  }
  return chunks;
}

/** The rows of a finished rollup; periods past their table's retention at `now` are left out. */
export function rollupRows(rollup: Rollup, now: number): RollupRows {
  const kept = (spec: TableSpec) => {
    const first = partitionStart(spec.span, now - spec.keepDays * day);
    return (at: number) => at >= first;
  };
  const chunks: RowsChunk[] = [];
  const spans: RollupRows['spans'] = [];
  const add = (spec: TableSpec, shape: Shape, rows: readonly Row[]) => {
    if (rows.length === 0) return;
    let from = Infinity;
    let to = -Infinity;
    for (const { at } of rows) {
      if (at < from) from = at;
      if (at > to) to = at;
    }
    spans.push({ table: spec, from, to });
    chunks.push(...chunksOf(spec.name, shape, rows));
  };
  const points = (map: Map<string, PointSums>, spec: TableSpec) => {
    const keep = kept(spec);
    const rows: Row[] = [];
    for (const [key, sums] of map) {
      const k = splitKey(key);
      if (keep(k.at)) rows.push({ ...k, keys: [], sums });
    }
    add(spec, 'points', rows);
  };
  points(rollup.points.m1, trafficTables.m1);
  points(rollup.points.m5, trafficTables.m5);
  points(rollup.points.h1, trafficTables.h1);
  points(rollup.points.d1, trafficTables.d1);

  const geo = (map: Rollup['geo']['h1'], spec: TableSpec) => {
    const keep = kept(spec);
    const rows: Row[] = [];
    for (const [key, places] of map) {
      const k = splitKey(key);
      if (!keep(k.at)) continue;
      for (const [place, sums] of places) {
        const bar = place.indexOf('|');
        rows.push({ ...k, keys: [place.slice(0, bar), place.slice(bar + 1)], sums });
      }
    }
    add(spec, 'geo', rows);
  };
  geo(rollup.geo.h1, trafficTables.geoH1);
  geo(rollup.geo.d1, trafficTables.geoD1);

  const dims = (map: Rollup['dims']['h1'], spec: TableSpec) => {
    const keep = kept(spec);
    const rows: Row[] = [];
    for (const [key, table] of map) {
      const k = splitKey(key);
      if (!keep(k.at)) continue;
      for (const [name, values] of table)
        for (const [value, sums] of values) rows.push({ ...k, keys: [name, value], sums });
    }
    add(spec, 'dims', rows);
  };
  dims(rollup.dims.h1, trafficTables.dimsH1);
  dims(rollup.dims.d1, trafficTables.dimsD1);

  const sketches: SketchRow[] = [];
  for (const [key, sketch] of rollup.uv) {
    const k = splitKey(key);
    if (k.at < now - retentionDays.hour * day) continue;
    sketches.push({
      accountId: k.accountId,
      domainId: k.domainId,
      day: k.at,
      hex: Buffer.from(sketch.buffer, sketch.byteOffset, sketch.byteLength).toString('hex'),
    });
  }
  return { spans, chunks, sketches };
}

/** The rows of several pieces as one write: the pieces' sketches of one day and domain are merged. */
export function combineRows(pieces: readonly RollupRows[]): RollupRows {
  if (pieces.length === 1) return pieces[0]!;
  const sketches = new Map<string, SketchRow>();
  for (const piece of pieces)
    for (const row of piece.sketches) {
      const key = `${row.accountId}|${row.domainId}|${row.day}`;
      const held = sketches.get(key);
      if (!held) {
        sketches.set(key, row);
        continue;
      }
      const into = Buffer.from(held.hex, 'hex');
      hllMerge(into, Buffer.from(row.hex, 'hex'));
      sketches.set(key, { ...held, hex: into.toString('hex') });
    }
  return {
    spans: pieces.flatMap((p) => p.spans),
    chunks: pieces.flatMap((p) => p.chunks),
    sketches: [...sketches.values()],
  };
}
