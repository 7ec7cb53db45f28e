import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../src/contract';
import { fileSyncLimits, type FileSyncTask } from '../../../src/contract/file-sync';
import type { Db, Executor } from '../../db/client';
import type { IdScope } from '../user/scope';
import { fileSyncTasks } from '../../db/schema';
import { AppError, invalid } from '../../http/envelope';
import { loginOf, loginOr } from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';
import { takeLock } from '../domain/service';
import type { FileSyncStore } from './store';

export type FileSyncRow = typeof fileSyncTasks.$inferSelect;

export interface FileSyncActor {
  accountId: number;
  actorId: number;
  origin: AuditOrigin;
  ip?: string;
}

/** Disk the store leaves free besides what the uploads under way will still need. */
const diskReserveBytes = 1024 ** 3;

/** Statuses whose upload holds storage (and its name). */
const holding = ['uploading', 'verifying', 'succeeded'] as const;

const selectTasks = (db: Executor) =>
  db.select({ row: fileSyncTasks, creator: loginOf(fileSyncTasks.createdBy) }).from(fileSyncTasks);

export const taskOf = ({ row, creator }: { row: FileSyncRow; creator: string | null }): FileSyncTask => ({
  id: row.id,
  user: loginOr(creator, row.createdBy),
  name: row.name,
  operation: row.operation,
  size: row.size,
  received: row.received,
  status: row.status,
  md5: row.md5,
  created_at: row.createdAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
  failure: row.failure,
});

const ofTask = (accountId: number, id: string) =>
  and(eq(fileSyncTasks.accountId, accountId), eq(fileSyncTasks.id, id));

export async function loadTask(db: Executor, accountId: number, id: string): Promise<FileSyncTask | null> {
  const [found] = await selectTasks(db).where(ofTask(accountId, id));
  return found ? taskOf(found) : null;
}

/** Bytes the account's uploads hold or will hold (those under way at their full size). */
export async function storageUsed(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number | null>`sum(${fileSyncTasks.size})` })
    .from(fileSyncTasks)
    .where(
      and(
        eq(fileSyncTasks.accountId, accountId),
        eq(fileSyncTasks.operation, 'upload'),
        inArray(fileSyncTasks.status, [...holding]),
      ),
    );
  return Number(row?.used ?? 0);
}

/**
 * The account's tasks, newest first: those made by the users `owners` reaches (data permission by
 * owner: a sub-account sees its own and those of the users granted to it). The storage used is
 * the account's, a quota they share.
 */
export async function listTasks(db: Executor, accountId: number, owners: IdScope) {
  const rows = await selectTasks(db)
    .where(
      and(
        eq(fileSyncTasks.accountId, accountId),
        // A sub-account's owners always hold itself.
        owners.all ? undefined : inArray(fileSyncTasks.createdBy, [...owners.ids].map(Number)),
      ),
    )
    .orderBy(desc(fileSyncTasks.createdAt), desc(fileSyncTasks.id))
    .limit(fileSyncLimits.listMax);
  return {
    lists: rows.map(taskOf),
    storage: { used: await storageUsed(db, accountId), max: fileSyncLimits.storageBytesMax },
    chunk_bytes: fileSyncLimits.chunkBytes,
    file_bytes_max: fileSyncLimits.fileBytesMax,
  };
}

const notFound = () => new AppError(Code.notFound, 'fileSync.task.notFound');

/**
 * Starts an upload. The same id sent again (an answer lost on the way) answers the task it made;
 * under the account's lock, the unfinished uploads, the storage quota and the name are judged on
 * what is committed, and the disk must hold the file with room to spare.
 */
export async function createUpload(
  db: Db,
  store: FileSyncStore,
  actor: FileSyncActor,
  body: { id: string; name: string; size: number; md5: string },
  now: Date,
): Promise<FileSyncTask> {
  return db.transaction(async (tx) => {
    await takeLock(tx, `fileSync:${actor.accountId}`);
    const existing = await loadTask(tx, actor.accountId, body.id);
    if (existing) {
      const same =
        existing.operation === 'upload' &&
        existing.name === body.name &&
        existing.size === body.size &&
        existing.md5 === body.md5;
      if (!same) throw invalid([{ path: 'id', message_id: 'fileSync.task.idTaken' }]);
      return existing;
    }
    const held = await tx
      .select({ status: fileSyncTasks.status, name: fileSyncTasks.name, size: fileSyncTasks.size })
      .from(fileSyncTasks)
      .where(
        and(
          eq(fileSyncTasks.accountId, actor.accountId),
          eq(fileSyncTasks.operation, 'upload'),
          inArray(fileSyncTasks.status, [...holding]),
        ),
      );
    if (held.some((t) => t.name === body.name))
      throw invalid([{ path: 'name', message_id: 'fileSync.name.exists' }]);
    const unfinished = held.filter((t) => t.status !== 'succeeded');
    if (unfinished.length >= fileSyncLimits.unfinishedMax)
      throw new AppError(Code.limitReached, 'fileSync.unfinished.limit', {
        max: fileSyncLimits.unfinishedMax,
      });
    const used = held.reduce((sum, t) => sum + t.size, 0);
    if (used + body.size > fileSyncLimits.storageBytesMax)
      throw new AppError(Code.limitReached, 'fileSync.storage.full', {
        max: `${fileSyncLimits.storageBytesMax / 1024 ** 3} GB`,
      });
    const pending = unfinished.reduce((sum, t) => sum + t.size, 0);
    if ((await store.freeBytes()) < pending + body.size + diskReserveBytes)
      throw new AppError(Code.limitReached, 'fileSync.disk.full');
    await tx.insert(fileSyncTasks).values({
      accountId: actor.accountId,
      id: body.id,
      operation: 'upload',
      name: body.name,
      size: body.size,
      received: 0,
      md5: body.md5,
      status: 'uploading',
      createdBy: actor.actorId,
      createdAt: now,
      updatedAt: now,
    });
    await appendAudit(tx, {
      accountId: actor.accountId,
      actorId: actor.actorId,
      action: 'fileSync.upload',
      target: body.id,
      after: { name: body.name, size: body.size, md5: body.md5 },
      origin: actor.origin,
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
    return (await loadTask(tx, actor.accountId, body.id))!;
  });
}

/**
 * Writes one chunk at `offset`, which must be the bytes the server holds (40907 with them
 * otherwise: the uploader resumes from there). The bytes go to disk outside any transaction, and
 * the count moves only if it is still `offset`: of two copies of a chunk, one counts. The last
 * byte makes the task `verifying`; the answer says so.
 */
export async function appendChunk(
  db: Db,
  store: FileSyncStore,
  accountId: number,
  query: { id: string; offset: number },
  bytes: Uint8Array,
  now: Date,
): Promise<FileSyncTask> {
  const task = await loadTask(db, accountId, query.id);
  if (!task || task.operation !== 'upload') throw notFound();
  if (task.status !== 'uploading')
    throw new AppError(Code.invalidTransition, 'fileSync.task.notUploading', { status: task.status });
  if (query.offset !== task.received)
    throw new AppError(Code.offsetMismatch, 'fileSync.chunk.offset', { received: task.received });
  if (bytes.length === 0) throw invalid([{ path: 'body', message_id: 'fileSync.chunk.empty' }]);
  if (query.offset + bytes.length > task.size)
    throw invalid([{ path: 'offset', message_id: 'fileSync.chunk.beyond' }]);
  await store.write(accountId, task.id, query.offset, bytes);
  const received = query.offset + bytes.length;
  const [moved] = await db
    .update(fileSyncTasks)
    .set({
      received,
      status: received === task.size ? 'verifying' : 'uploading',
      updatedAt: now,
    })
    .where(
      and(
        ofTask(accountId, task.id),
        eq(fileSyncTasks.status, 'uploading'),
        eq(fileSyncTasks.received, query.offset),
      ),
    )
    .returning({ id: fileSyncTasks.id });
  const after = await loadTask(db, accountId, task.id);
  if (!after) throw notFound();
  if (!moved) {
    // Cancelled meanwhile: what this chunk wrote goes too. Else another copy counted first.
    if (after.status === 'cancelled') await store.remove(accountId, task.id);
    if (after.status !== 'uploading')
      throw new AppError(Code.invalidTransition, 'fileSync.task.notUploading', { status: after.status });
    throw new AppError(Code.offsetMismatch, 'fileSync.chunk.offset', { received: after.received });
  }
  return after;
}

/**
 * Deletes what a task holds: an upload under way is cancelled (its bytes dropped); a stored file
 * is deleted, recorded as a delete task; a record that holds nothing is removed. An upload being
 * verified waits for its result.
 */
export async function deleteTask(
  db: Db,
  store: FileSyncStore,
  actor: FileSyncActor,
  id: string,
  now: Date,
): Promise<{ done: 'cancelled' | 'deleted' | 'removed'; task: FileSyncTask | null }> {
  const result = await db.transaction(async (tx) => {
    await takeLock(tx, `fileSync:${actor.accountId}`);
    const [locked] = await tx.select().from(fileSyncTasks).where(ofTask(actor.accountId, id)).for('update');
    if (!locked) throw notFound();
    const audit = (action: string, target: string) =>
      appendAudit(tx, {
        accountId: actor.accountId,
        actorId: actor.actorId,
        action,
        target,
        before: { name: locked.name, size: locked.size, md5: locked.md5, status: locked.status },
        origin: actor.origin,
        ...(actor.ip ? { ip: actor.ip } : {}),
      });
    if (locked.operation === 'upload' && locked.status === 'verifying')
      throw new AppError(Code.invalidTransition, 'fileSync.task.verifying', { status: locked.status });
    if (locked.operation === 'upload' && locked.status === 'uploading') {
      await tx
        .update(fileSyncTasks)
        .set({ status: 'cancelled', completedAt: now, updatedAt: now })
        .where(ofTask(actor.accountId, id));
      await audit('fileSync.cancel', id);
      return { done: 'cancelled' as const, task: await loadTask(tx, actor.accountId, id) };
    }
    if (locked.operation === 'upload' && locked.status === 'succeeded') {
      await tx
        .update(fileSyncTasks)
        .set({ status: 'deleted', updatedAt: now })
        .where(ofTask(actor.accountId, id));
      const deletion = randomUUID();
      await tx.insert(fileSyncTasks).values({
        accountId: actor.accountId,
        id: deletion,
        operation: 'delete',
        name: locked.name,
        size: locked.size,
        received: 0,
        md5: locked.md5,
        status: 'succeeded',
        createdBy: actor.actorId,
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      });
      await audit('fileSync.delete', id);
      return { done: 'deleted' as const, task: await loadTask(tx, actor.accountId, deletion) };
    }
    await tx.delete(fileSyncTasks).where(ofTask(actor.accountId, id));
    return { done: 'removed' as const, task: null };
  });
  // The bytes go once the change is committed; a file left by a crash here holds no record.
  if (result.done !== 'removed') await store.remove(actor.accountId, id);
  return result;
}

/** Who made each of these tasks (absent ones left out): data permission by owner. */
export async function taskOwners(db: Executor, accountId: number, ids: readonly string[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ createdBy: fileSyncTasks.createdBy })
    .from(fileSyncTasks)
    .where(and(eq(fileSyncTasks.accountId, accountId), inArray(fileSyncTasks.id, [...ids])));
  return rows.map((row) => row.createdBy);
}
