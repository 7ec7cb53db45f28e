import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Kind } from '../../src/commands/kinds';
import type { Executor } from '../db/client';
import { aggregates, aggregateVersions } from '../db/schema';
import { loginOf, loginOr } from '../modules/account/service';
import { stamped, type AggregateStore } from './types';

// The aggregates kept as JSON documents (a domain's configuration sections, alarm settings, a
// domain's copy) and their history: below the modules that read them and the command executor
// that writes them, so that neither imports the other to reach them.

/** The stored versions of one document. */
const versionsOf = (accountId: number, kind: string, id: string) =>
  and(
    eq(aggregateVersions.accountId, accountId),
    eq(aggregateVersions.kind, kind),
    eq(aggregateVersions.id, id),
  );

/** A kind kept as one JSON document per aggregate, with every version in `aggregate_versions`. */
export function documentStore<S extends Record<string, unknown>>(kind: Kind): AggregateStore<S> {
  return {
    async load(tx, accountId, id) {
      const [row] = await tx
        .select({ version: aggregates.version, data: aggregates.data })
        .from(aggregates)
        .where(and(eq(aggregates.accountId, accountId), eq(aggregates.kind, kind), eq(aggregates.id, id)));
      return row
        ? { version: row.version, state: { ...row.data, version: row.version } as unknown as S }
        : null;
    },
    save(tx, name, input) {
      const state = stamped(input);
      const { version: _version, ...data } = state as Record<string, unknown>;
      const key = { accountId: input.accountId, kind, id: input.id };
      const meta = { updatedBy: input.actorId, updatedAt: input.now, version: input.version };
      const document = tx
        .insert(aggregates)
        .values({ ...key, data, createdBy: input.actorId, createdAt: input.now, ...meta })
        .onConflictDoUpdate({
          target: [aggregates.accountId, aggregates.kind, aggregates.id],
          set: { data, ...meta },
        })
        .returning({ id: aggregates.id });
      const history = tx
        .insert(aggregateVersions)
        .values({
          ...key,
          version: input.version,
          data,
          command: input.command,
          actorId: input.actorId,
          at: input.now,
        })
        .returning({ version: aggregateVersions.version });
      return {
        writes: [tx.$with(name).as(document), tx.$with(`${name}_history`).as(history)],
        state,
      };
    },
  };
}

/** The documents of some kinds for one id (a domain's sections), as stored. */
export async function loadDocuments(
  db: Executor,
  accountId: number,
  kinds: readonly string[],
  id: string,
): Promise<Map<string, { version: number; data: Record<string, unknown> }>> {
  const rows = await db
    .select({ kind: aggregates.kind, version: aggregates.version, data: aggregates.data })
    .from(aggregates)
    .where(
      and(eq(aggregates.accountId, accountId), inArray(aggregates.kind, [...kinds]), eq(aggregates.id, id)),
    );
  return new Map(rows.map((row) => [row.kind, { version: row.version, data: row.data }]));
}

/**
 * The documents of one kind whose top-level text field `field` is set (to one of `values` when
 * given): their ids and that field's value (the domains' HTTPS sections naming a certificate).
 */
export async function documentsByField(
  db: Executor,
  accountId: number,
  kind: string,
  field: string,
  values?: readonly string[],
): Promise<{ id: string; value: string }[]> {
  const value = sql<string>`${aggregates.data} ->> ${field}`;
  if (values && values.length === 0) return [];
  return db
    .select({ id: aggregates.id, value })
    .from(aggregates)
    .where(
      and(
        eq(aggregates.accountId, accountId),
        eq(aggregates.kind, kind),
        values ? inArray(value, [...values]) : isNotNull(value),
      ),
    );
}

/** One version of a document as it was written, or null when there is no such version. */
export async function documentAt(
  db: Executor,
  accountId: number,
  kind: string,
  id: string,
  version: number,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ data: aggregateVersions.data })
    .from(aggregateVersions)
    .where(and(versionsOf(accountId, kind, id), eq(aggregateVersions.version, version)));
  return row ? row.data : null;
}

/** The versions of one document a history shows at most (the newest). */
export const historyMax = 200;

/** The newest versions of one document (at most `historyMax`), newest first, with who made them (by login) and with which command. */
export async function documentHistory(db: Executor, accountId: number, kind: string, id: string) {
  const rows = await db
    .select({
      version: aggregateVersions.version,
      command: aggregateVersions.command,
      actorId: aggregateVersions.actorId,
      actor: loginOf(aggregateVersions.actorId),
      at: aggregateVersions.at,
      data: aggregateVersions.data,
    })
    .from(aggregateVersions)
    .where(versionsOf(accountId, kind, id))
    .orderBy(desc(aggregateVersions.version))
    .limit(historyMax);
  return rows.map((row) => ({
    version: row.version,
    command: row.command,
    actor: loginOr(row.actor, row.actorId),
    at: row.at.toISOString(),
    data: row.data,
  }));
}

/** A document as the lists answer it: its data with its version. */
export interface StoredDocument {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

/**
 * The documents of one kind of the account: those not deleted, or (with `since`) every one
 * changed after that time, deleted ones included, for a browser that holds the list.
 */
export async function documentsOf(
  db: Executor,
  accountId: number,
  kind: string,
  since?: Date,
): Promise<StoredDocument[]> {
  const rows = await db
    .select({ id: aggregates.id, version: aggregates.version, data: aggregates.data })
    .from(aggregates)
    .where(
      and(
        eq(aggregates.accountId, accountId),
        eq(aggregates.kind, kind),
        since
          ? sql`${aggregates.updatedAt} > ${since}`
          : sql`coalesce((${aggregates.data} ->> 'deleted')::boolean, false) = false`,
      ),
    )
    .orderBy(aggregates.createdAt, aggregates.id);
  return rows;
}

/** The documents of one kind of every account, not deleted (the alarm scheduler's policies). */
export async function liveDocumentsOfKind(
  db: Executor,
  kind: string,
): Promise<(StoredDocument & { accountId: number })[]> {
  return db
    .select({
      accountId: aggregates.accountId,
      id: aggregates.id,
      version: aggregates.version,
      data: aggregates.data,
    })
    .from(aggregates)
    .where(
      and(
        eq(aggregates.kind, kind),
        sql`coalesce((${aggregates.data} ->> 'deleted')::boolean, false) = false`,
      ),
    );
}

/** The documents of some kinds for many ids (the sections of many domains): by id, then kind. */
export async function loadDocumentsOf(
  db: Executor,
  kinds: readonly string[],
  ids: readonly string[],
): Promise<Map<string, Map<string, { version: number; data: Record<string, unknown> }>>> {
  const byId = new Map<string, Map<string, { version: number; data: Record<string, unknown> }>>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ id: aggregates.id, kind: aggregates.kind, version: aggregates.version, data: aggregates.data })
    .from(aggregates)
    .where(and(inArray(aggregates.kind, [...kinds]), inArray(aggregates.id, [...ids])));
  for (const row of rows) {
    const documents = byId.get(row.id) ?? new Map();
    documents.set(row.kind, { version: row.version, data: row.data });
    byId.set(row.id, documents);
  }
  return byId;
}
