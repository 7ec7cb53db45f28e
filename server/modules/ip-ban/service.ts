import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { IpBanEntry, ipBanListQuery } from '../../../src/contract/ip-ban';
import { rangeEnd, type IpRange } from '../../../src/contract/rules/ip';
import type { Db, Executor } from '../../db/client';
import { ipBanLists, ipBans } from '../../db/schema';
import { loginOf, loginOr } from '../account/service';

export type IpBanRow = typeof ipBans.$inferSelect;

/** A stored entry with the logins of the accounts that created and last changed it. */
export interface IpBanState {
  row: IpBanRow;
  createdBy: string;
  updatedBy: string;
}

export const entryOf = ({ row, createdBy, updatedBy }: IpBanState): IpBanEntry => ({
  id: row.id,
  family: row.family === 6 ? 6 : 4,
  reason: row.reason,
  expires_at: row.expiresAt?.toISOString() ?? null,
  status: row.status,
  created_by: createdBy,
  created_at: row.createdAt.toISOString(),
  updated_by: updatedBy,
  updated_at: row.updatedAt.toISOString(),
  version: row.version,
});

/** The columns that place a range: first and last address as integers (numeric text). */
export const rangeColumns = (range: IpRange) => ({
  family: range.family,
  rangeStart: range.start.toString(),
  rangeEnd: rangeEnd(range).toString(),
  prefix: range.prefix,
});

/** In force at `now`: banned and not expired (`effectiveStatus` in SQL). */
export const inForceAt = (now: Date): SQL =>
  and(eq(ipBans.status, 'banned'), or(isNull(ipBans.expiresAt), gt(ipBans.expiresAt, now))) as SQL;

function selectStates(db: Executor) {
  return db
    .select({ row: ipBans, creatorLogin: loginOf(ipBans.createdBy), updaterLogin: loginOf(ipBans.updatedBy) })
    .from(ipBans);
}

const stateOf = (r: { row: IpBanRow; creatorLogin: string | null; updaterLogin: string | null }) => ({
  row: r.row,
  createdBy: loginOr(r.creatorLogin, r.row.createdBy),
  updatedBy: loginOr(r.updaterLogin, r.row.updatedBy),
});

/** An entry, and what the ban rules read besides it. */
export interface LoadedEntry {
  /** Null: no entry has this id yet. */
  entry: IpBanState | null;
  /** An entry in force, other than this one, that overlaps its range. */
  overlapping: string | null;
  /** Entries with the status banned (in force or expired): an upper bound of those in force. */
  banned: number;
}

/**
 * An entry with the logins of its creator and last editor, the entry in force that overlaps its
 * range, and the count of banned entries (`ip_ban_lists`): one query, whether the entry exists or
 * not. Rows are not locked: every writer of the list holds the list's lock (see `./commands`).
 *
 * Entries in force never overlap one another (a ban that would is refused), so in the order of
 * their first address they are in the order of their last address too: the only one that can
 * overlap the range is the entry in force with the greatest first address not after the range's
 * last. One step of the index, whatever the size of the list.
 */
export async function loadEntry(
  tx: Executor,
  accountId: number,
  id: string,
  range: IpRange,
  now: Date,
): Promise<LoadedEntry> {
  const columns = rangeColumns(range);
  const nearest = tx
    .select({ id: ipBans.id, rangeEnd: ipBans.rangeEnd })
    .from(ipBans)
    .where(
      and(
        eq(ipBans.accountId, accountId),
        eq(ipBans.family, range.family),
        lte(ipBans.rangeStart, columns.rangeEnd),
        ne(ipBans.id, id),
        inForceAt(now),
      ),
    )
    .orderBy(desc(ipBans.rangeStart))
    .limit(1)
    .as('nearest');
  const overlapping = tx
    .select({ id: nearest.id })
    .from(nearest)
    .where(gte(nearest.rangeEnd, columns.rangeStart));
  const banned = tx
    .select({ banned: ipBanLists.banned })
    .from(ipBanLists)
    .where(eq(ipBanLists.accountId, accountId));
  const [found] = await tx
    .select({
      row: ipBans,
      creatorLogin: loginOf(ipBans.createdBy),
      updaterLogin: loginOf(ipBans.updatedBy),
      overlapping: sql<string | null>`(${overlapping})`,
      banned: sql<number>`coalesce((${banned}), 0)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(ipBans, and(eq(ipBans.accountId, accountId), eq(ipBans.id, id)));
  return {
    entry: found?.row
      ? stateOf({ row: found.row, creatorLogin: found.creatorLogin, updaterLogin: found.updaterLogin })
      : null,
    overlapping: found?.overlapping ?? null,
    banned: found?.banned ?? 0,
  };
}

/** An entry with the logins of its creator and last editor; null when the account has none of this id. */
export async function loadEntryById(tx: Executor, accountId: number, id: string): Promise<IpBanState | null> {
  const [found] = await selectStates(tx).where(and(eq(ipBans.accountId, accountId), eq(ipBans.id, id)));
  return found ? stateOf(found) : null;
}

/** The entries in force, counted one by one (only near the limit: see `LoadedEntry.banned`). */
export async function countInForce(tx: Executor, accountId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ipBans)
    .where(and(eq(ipBans.accountId, accountId), inForceAt(now)));
  return row?.n ?? 0;
}

/**
 * A common table expression that moves the account's count of banned entries by `delta`, for the
 * statement that changes an entry's status (see `ip_ban_lists`).
 */
export const bannedCountChange = (tx: Executor, accountId: number, delta: number, name = 'banned_count') =>
  tx.$with(name).as(
    tx
      .insert(ipBanLists)
      .values({ accountId, banned: delta })
      .onConflictDoUpdate({
        target: ipBanLists.accountId,
        set: { banned: sql`${ipBanLists.banned} + ${delta}` },
      })
      .returning({ banned: ipBanLists.banned }),
  );

export type ListQuery = z.output<typeof ipBanListQuery>;

const orderings: Record<ListQuery['sort'], SQL[]> = {
  '-created_at': [desc(ipBans.createdAt)],
  created_at: [asc(ipBans.createdAt)],
  '-updated_at': [desc(ipBans.updatedAt)],
  // By address: IPv4 before IPv6, then the first address, a wider range before a narrower one.
  id: [asc(ipBans.family), asc(ipBans.rangeStart), asc(ipBans.prefix)],
  // The latest expiry first; a ban without expiry lasts longest.
  '-expires_at': [sql`${ipBans.expiresAt} desc nulls first`],
};

/** The ban list of an account: searched, filtered by effective status and family, sorted and paged. */
export async function listEntries(
  db: Db,
  accountId: number,
  query: ListQuery,
  now: Date,
): Promise<{ lists: IpBanEntry[]; total: number }> {
  const conditions: SQL[] = [eq(ipBans.accountId, accountId)];
  if (query.keyword) {
    const keyword = query.keyword.toLowerCase();
    conditions.push(
      or(
        sql`strpos(lower(${ipBans.id}), ${keyword}) > 0`,
        sql`strpos(lower(${ipBans.reason}), ${keyword}) > 0`,
      ) as SQL,
    );
  }
  if (query.status === 'banned') conditions.push(inForceAt(now));
  if (query.status === 'unbanned') conditions.push(sql`not (${inForceAt(now)})`);
  if (query.family) conditions.push(eq(ipBans.family, Number(query.family)));
  if (query.updated_since) conditions.push(gt(ipBans.updatedAt, new Date(query.updated_since)));
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(ipBans).where(where);
  const rows = await selectStates(db)
    .where(where)
    .orderBy(...orderings[query.sort], asc(ipBans.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { lists: rows.map((r) => entryOf(stateOf(r))), total: counted?.total ?? 0 };
}

/** The narrowest entry in force that covers the address, if any. */
export async function coveringEntry(
  db: Db,
  accountId: number,
  address: { family: 4 | 6; value: bigint },
  now: Date,
): Promise<IpBanEntry | null> {
  const value = address.value.toString();
  const [found] = await selectStates(db)
    .where(
      and(
        eq(ipBans.accountId, accountId),
        eq(ipBans.family, address.family),
        lte(ipBans.rangeStart, value),
        gte(ipBans.rangeEnd, value),
        inForceAt(now),
      ),
    )
    .orderBy(desc(ipBans.prefix))
    .limit(1);
  return found ? entryOf(stateOf(found)) : null;
}

/** The bans in force at `now` of some accounts, for the edge: range and expiry. */
export async function bansInForce(db: Executor, accountIds: readonly number[], now: Date) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: ipBans.accountId, range: ipBans.id, expiresAt: ipBans.expiresAt })
    .from(ipBans)
    .where(and(inArray(ipBans.accountId, [...accountIds]), inForceAt(now)));
}
