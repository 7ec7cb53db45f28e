import type { IngestResult } from '../../../src/contract/traffic';
import type { Db, Executor } from '../../db/client';
import { liveDomainsByName } from '../domain/service';
import { batchCounted, claimBatch, type BatchRef } from './edge-batches';
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
 * have kept the raw lines (which they do meanwhile, or, for held jobs, once the sums are written).
 * With `claim`, the sums are written only if it answers true in that transaction, and held raw
 * lines kept only then; answers whether they were.
 */
export async function writeRuns(
  db: Db,
  runs: readonly JobRun[],
  claim?: (tx: Executor) => Promise<boolean>,
): Promise<boolean> {
  const rows = combineRows(runs.map((r) => r.sums.rows));
  let written = false;
  try {
    written = await inLane(db, () => writeRows(db, rows, claim));
  } finally {
    // Held raw lines follow the sums: kept when these were written, never when they were not.
    for (const run of runs) run.release(written);
  }
  await Promise.all(runs.map((r) => r.kept));
  return written;
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
 * between them, not copied to each. An edge's `batch` counts once: its id is recorded with its
 * sums, its raw lines kept after that, and a batch recorded before is answered `duplicate` with
 * nothing counted or kept again.
 */
export async function ingestText(
  db: Db,
  raw: RawLogs | null,
  body: string | Uint8Array,
  now: number,
  batch?: BatchRef,
): Promise<IngestResult> {
  const duplicate: IngestResult = { accepted: 0, rejected: 0, errors: [], duplicate: true };
  if (batch && (await batchCounted(db, batch))) return duplicate;
  const pool = ingestPool();
  const text = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const bytes = new Uint8Array(new SharedArrayBuffer(text.byteLength));
  bytes.set(text);
  const of = bytes.length < 256 * 1024 ? 1 : pool.size;
  const ask = (names: string[]) => liveDomainsByName(db, names);
  const settled = await Promise.allSettled(
    Array.from({ length: of }, (_, index) =>
      pool.run(
        {
          source: { kind: 'text', bytes, share: { index, of } },
          now,
          ...(raw ? { logDir: raw.dir, hold: batch !== undefined } : {}),
        },
        ask,
      ),
    ),
  );
  const runs: JobRun[] = [];
  for (const run of settled) if (run.status === 'fulfilled') runs.push(run.value);
  const failed = settled.find((run) => run.status === 'rejected');
  if (failed) {
    // The other workers hold their raw lines until told: they keep none of a call that failed.
    for (const run of runs) run.release(false);
    throw failed.reason;
  }
  // A batch sent twice at once: both are read, the second's claim finds the first's.
  const claim = batch && ((tx: Executor) => claimBatch(tx, batch, now));
  if (!(await writeRuns(db, runs, claim))) return duplicate;
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
