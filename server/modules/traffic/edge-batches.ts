import { and, eq, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { edgeBatches } from '../../db/schema';

/**
 * The access-log batches already counted, by edge key and batch id (`X-Edge-Batch`). An edge
 * ships at least once: a batch it sent again (the answer lost, or the node stopped before it kept
 * its offset) is answered as a success and counted no second time. The id is recorded in the
 * transaction that writes the batch's sums, so a batch counts exactly when its id is recorded.
 */

/** What a batch id may be: the shipper's `<dev>-<ino>-<start>-<end>-<hash>`, or any short token. */
export const batchIdPattern = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * How long a batch id is remembered. A node resends its last batch when it starts again; one that
 * stays down longer than this with a batch unanswered counts that batch a second time.
 */
export const batchKeepDays = 3;

export interface BatchRef {
  keyName: string;
  id: string;
}

/** Whether the batch was counted already (a quick answer that skips reading the lines again). */
export async function batchCounted(db: Db, batch: BatchRef): Promise<boolean> {
  const [row] = await db
    .select({ at: edgeBatches.at })
    .from(edgeBatches)
    .where(and(eq(edgeBatches.keyName, batch.keyName), eq(edgeBatches.batchId, batch.id)));
  return row !== undefined;
}

/**
 * Records the batch within the caller's transaction: true when it is new, false when it was
 * recorded before. Two calls with the same batch at once: on PostgreSQL the second waits on the
 * first's key until that commits, then finds it; so only one writes the sums.
 */
export async function claimBatch(tx: Executor, batch: BatchRef, now: number): Promise<boolean> {
  const rows = await tx
    .insert(edgeBatches)
    .values({ keyName: batch.keyName, batchId: batch.id, at: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: edgeBatches.batchId });
  return rows.length > 0;
}

/** Forgets the batches recorded more than `batchKeepDays` ago. */
export async function dropOldBatches(db: Db, now: number): Promise<void> {
  await db.delete(edgeBatches).where(lt(edgeBatches.at, new Date(now - batchKeepDays * 86_400_000)));
}
