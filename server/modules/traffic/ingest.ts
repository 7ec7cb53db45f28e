import type { IngestResult } from '../../../src/contract/traffic';
import type { Db } from '../../db/client';
import { liveDomainsByName } from '../domain/service';
import type { Job } from './ingest-job';
import { ingestPool, type JobRun } from './ingest-pool';
import { errorsMax } from './read-lines';
import type { RawLogs } from './raw-logs';
import { combineRows } from './rollup-rows';
import { writeRows } from './store';

/**
 * Access-log lines in: read (JSON lines), checked against the documented line format, matched to
 * their domain, placed by client address, summed into rollups and written, the raw lines kept
 * per domain and hour. The same path serves the edge's ingestion call, the operator's file feed
 * and the demo's history. Reading and summing run in the ingestion workers (`ingest-job.ts`), off
 * the event loop; here domains are looked up and the sums written.
 */

/** One database write at a time per database: a burst of edges queues instead of crowding it. */
const lanes = new WeakMap<object, Promise<unknown>>();
function inLane<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const next = (lanes.get(db) ?? Promise.resolve()).then(work, work);
  lanes.set(
    db,
    next.catch(() => {}),
  );
  return next;
}

/**
 * Writes what the workers summed, every piece in one transaction, then waits for the workers to
 * have kept the raw lines (which they do meanwhile).
 */
export async function writeRuns(db: Db, runs: readonly JobRun[]): Promise<void> {
  const rows = combineRows(runs.map((r) => r.sums.rows));
  await inLane(db, () => writeRows(db, rows));
  await Promise.all(runs.map((r) => r.kept));
}

const merged = (runs: readonly JobRun[]): IngestResult => ({
  accepted: runs.reduce((n, r) => n + r.sums.accepted, 0),
  rejected: runs.reduce((n, r) => n + r.sums.rejected, 0),
  errors: runs
    .flatMap((r) => r.sums.errors)
    .sort((a, b) => a.line - b.line)
    .slice(0, errorsMax),
});

/**
 * One call's body, read by the workers at once: each reads the lines of its share of the domains
 * (every line of a domain to the same worker, so each sums whole domains), the body shared
 * between them, not copied to each.
 */
export async function ingestText(
  db: Db,
  raw: RawLogs | null,
  body: string | Uint8Array,
  now: number,
): Promise<IngestResult> {
  const pool = ingestPool();
  const text = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const bytes = new Uint8Array(new SharedArrayBuffer(text.byteLength));
  bytes.set(text);
  const of = bytes.length < 256 * 1024 ? 1 : pool.size;
  const ask = (names: string[]) => liveDomainsByName(db, names);
  const runs = await Promise.all(
    Array.from({ length: of }, (_, index) =>
      pool.run(
        { source: { kind: 'text', bytes, share: { index, of } }, now, ...(raw ? { logDir: raw.dir } : {}) },
        ask,
      ),
    ),
  );
  await writeRuns(db, runs);
  return merged(runs);
}

/**
 * A bulk load (a file the operator feeds): each source is read and summed by a worker, all written
 * in one transaction. Domains are looked up per source as its lines are read.
 */
export async function ingestBulk(
  db: Db,
  raw: RawLogs | null,
  sources: Iterable<string | readonly unknown[]>,
  now: number,
): Promise<IngestResult> {
  const pool = ingestPool();
  const jobs = [...sources].map((source): Job => ({
    source:
      typeof source === 'string'
        ? { kind: 'text', bytes: new TextEncoder().encode(source) }
        : { kind: 'values', values: source },
    now,
    ...(raw ? { logDir: raw.dir } : {}),
  }));
  const runs = await Promise.all(jobs.map((job) => pool.run(job, (names) => liveDomainsByName(db, names))));
  await writeRuns(db, runs);
  return merged(runs);
}
