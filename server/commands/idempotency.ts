import { and, eq, inArray, lt, sql, type WithSubquery } from 'drizzle-orm';
import { limits } from '../../src/contract';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { auditEventWrite, type AuditEntry } from '../modules/audit/service';
import { canonicalJson } from '../http/canonical-json';
import { sha256Hex } from '../http/crypto';
import { advisoryKey } from './locks';

/** An accepted command's answer as stored: the message id, rendered in each caller's language. */
export interface StoredResponse {
  code: number;
  message_id: string;
  data: Record<string, unknown>;
}

/** What makes two sends of one key the same request (the origin does not: a replay is the same command). */
export interface RequestIdentity {
  name: string;
  aggregate_id: string;
  base_version: number | null;
  schema_version: number;
  payload: unknown;
}

export const requestHash = (request: RequestIdentity) =>
  sha256Hex(
    canonicalJson({
      name: request.name,
      aggregate_id: request.aggregate_id,
      base_version: request.base_version,
      schema_version: request.schema_version,
      payload: request.payload,
    }),
  );

/** The name of the advisory lock of (active account, idempotency key); see `./locks`. */
export const commandLockName = (accountId: number, key: string) => `command:${accountId}:${key}`;

export interface StoredCommand {
  requestHash: string;
  response: StoredResponse;
}

const storedOf = (row: { request_hash: string | null; response: string | null } | undefined) =>
  row?.request_hash != null && row.response != null
    ? { requestHash: row.request_hash, response: JSON.parse(row.response) as StoredResponse }
    : null;

/** A lock a command takes after its key's (see `./locks`); shared when it only reads what it names. */
export interface CommandLock {
  name: string;
  shared?: boolean;
}

/**
 * Opens a command in one statement (each statement counts when a push applies a hundred): takes the
 * key's lock if no other transaction holds it and then, only then, waits for the command's locks in
 * the order given; and reads the key's stored answer.
 *
 * The answer is read with the statement's snapshot, taken before the lock: a transaction of the
 * same key that commits in between is not seen. The caller checks the stored answer again when
 * its command fails (see `executeCommand`), so such a command answers the stored answer too.
 */
export async function openCommand(
  tx: Executor,
  accountId: number,
  key: string,
  locks: readonly CommandLock[],
): Promise<{ locked: boolean; stored: StoredCommand | null }> {
  // One select whose target list takes the locks left to right.
  const taken = locks.map((lock) =>
    lock.shared
      ? sql`pg_advisory_xact_lock_shared(${advisoryKey(lock.name)}::bigint)`
      : sql`pg_advisory_xact_lock(${advisoryKey(lock.name)}::bigint)`,
  );
  const then =
    taken.length > 0 ? sql`(select true from (select ${sql.join(taken, sql`, `)}) as locks)` : sql`true`;
  const result = await tx.execute<{ locked: boolean; request_hash: string | null; response: string | null }>(
    sql`select case when pg_try_advisory_xact_lock(${advisoryKey(commandLockName(accountId, key))}::bigint)
          then ${then} else false end as locked,
        stored.request_hash, stored.response
      from (values (1)) as one (x)
      left join ${idempotencyKeys} as stored
        on stored.account_id = ${accountId} and stored.key = ${key}`,
  );
  const row = result.rows[0];
  return { locked: row?.locked === true, stored: storedOf(row) };
}

export async function findStored(
  tx: Executor,
  accountId: number,
  key: string,
): Promise<StoredCommand | null> {
  const [row] = await tx
    .select({ request_hash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  return storedOf(row);
}

/**
 * Stores the key with its answer, in one statement with the handler's writes and the audit event
 * of the change (each statement counts when a push applies a hundred commands).
 */
export async function storeWithWrites(
  tx: Executor,
  row: { accountId: number; key: string; requestHash: string; command: string; response: StoredResponse },
  writes: WithSubquery[],
  audit: AuditEntry,
): Promise<void> {
  const event = auditEventWrite(tx, audit);
  await tx
    .with(...writes, event)
    .insert(idempotencyKeys)
    .values({ ...row, response: JSON.stringify(row.response) });
}

const purgeBatch = 500;

/**
 * Deletes answers older than `limits.sync.idempotencyDays`, at most `purgeBatch` at a time, skipping
 * rows another caller is deleting: called once per push or single command, it keeps the table
 * bounded without a scheduled job.
 */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - limits.sync.idempotencyDays * 86_400_000);
  const stale = db
    .select({ accountId: idempotencyKeys.accountId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .limit(purgeBatch)
    .for('update', { skipLocked: true });
  await db
    .delete(idempotencyKeys)
    .where(inArray(sql`(${idempotencyKeys.accountId}, ${idempotencyKeys.key})`, stale));
}
