import { and, eq } from 'drizzle-orm';
import { Code, limits } from '../../../src/contract';
import type { IpBanEntry } from '../../../src/contract/ip-ban';
import { parseRange } from '../../../src/contract/rules/ip';
import { checkExpiry, effectiveStatus } from '../../../src/contract/rules/ip-ban';
import type { Tx } from '../../db/client';
import { ipBans } from '../../db/schema';
import type { Applied, ApplyContext, CommandHandler, Current, LoadContext } from '../../commands/handler';
import { AppError } from '../../http/envelope';
import {
  bannedCountChange,
  countInForce,
  entryOf,
  loadEntry,
  rangeColumns,
  type IpBanRow,
  type LoadedEntry,
} from './service';

/**
 * Every command of an account's ban list waits for the others: the rules read the list (overlaps,
 * the count of banned entries), and a new entry has no row to lock yet.
 */
const lockName = (accountId: number) => `ipBan:${accountId}`;

async function load(tx: Tx, ctx: LoadContext): Promise<Current<LoadedEntry>> {
  // The aggregate id is the payload's canonical range: the executor checked it before loading.
  const parsed = parseRange(ctx.aggregateId);
  if (!parsed.ok) throw new Error(`not a canonical range: ${ctx.aggregateId}`);
  const loaded = await loadEntry(tx, ctx.accountId, ctx.aggregateId, parsed.range, ctx.now);
  return { version: loaded.entry?.row.version ?? 0, state: loaded };
}

const snapshotOf = (state: LoadedEntry) => (state.entry ? entryOf(state.entry) : null);

/** A rule refuses the command; `path` is the field it concerns, as in a validation answer. */
const refuse = (code: number, messageId: string, path: string, data: Record<string, unknown> = {}) =>
  new AppError(code, messageId, { ...data, issues: [{ path, message_id: messageId }] });

const inForce = (row: IpBanRow, now: Date) =>
  effectiveStatus({ status: row.status, expires_at: row.expiresAt?.toISOString() ?? null }, now.getTime()) ===
  'banned';

/** The entry, which must be in force (update, unban). */
function entryInForce(current: Current<LoadedEntry> | null, ctx: ApplyContext) {
  const entry = current?.state.entry;
  if (!entry || !inForce(entry.row, ctx.now))
    throw refuse(Code.commandRejected, 'ipBan.rule.notBanned', 'cidr', { entry: ctx.aggregateId });
  return entry;
}

function requireFutureExpiry(expiresAt: string | null, now: Date): void {
  const problem = checkExpiry(expiresAt, now.getTime());
  if (problem) throw refuse(Code.commandRejected, problem, 'expires_at');
}

/** What the audit log keeps of an entry before and after a change. */
const audited = (entry: IpBanEntry) => ({
  status: entry.status,
  reason: entry.reason,
  expires_at: entry.expires_at,
});

/** How a change of status moves the count of banned entries (`ip_ban_lists`). */
const bannedDelta = (from: IpBanRow['status'] | null, to: IpBanRow['status']) =>
  (to === 'banned' ? 1 : 0) - (from === 'banned' ? 1 : 0);

/** The writes and answer of a change to an existing entry, at the new version. */
function change(
  tx: Tx,
  ctx: ApplyContext,
  entry: NonNullable<LoadedEntry['entry']>,
  fields: Partial<Pick<IpBanRow, 'status' | 'reason' | 'expiresAt'>>,
  messageId: string,
): Applied<IpBanEntry> {
  const set = { ...fields, updatedBy: ctx.actorId, updatedAt: ctx.now, version: ctx.version };
  const written = tx.$with('entry').as(
    tx
      .update(ipBans)
      .set(set)
      .where(and(eq(ipBans.accountId, ctx.accountId), eq(ipBans.id, ctx.aggregateId)))
      .returning({ id: ipBans.id }),
  );
  const delta = bannedDelta(entry.row.status, fields.status ?? entry.row.status);
  const before = entryOf(entry);
  const after = entryOf({
    row: { ...entry.row, ...set },
    createdBy: entry.createdBy,
    updatedBy: ctx.actorLogin,
  });
  return {
    writes: delta === 0 ? [written] : [written, bannedCountChange(tx, ctx.accountId, delta)],
    snapshot: after,
    before: audited(before),
    after: audited(after),
    messageId,
  };
}

const ban: CommandHandler<'ipBan.ban', LoadedEntry> = {
  lockName,
  load,
  snapshotOf,
  async apply(tx, ctx, payload, current) {
    const entry = current?.state.entry ?? null;
    if (entry && inForce(entry.row, ctx.now))
      throw refuse(Code.commandRejected, 'ipBan.rule.alreadyBanned', 'cidr', { entry: ctx.aggregateId });
    requireFutureExpiry(payload.expires_at, ctx.now);
    const overlapping = current?.state.overlapping ?? null;
    if (overlapping !== null)
      throw refuse(Code.commandRejected, 'ipBan.rule.overlapsEntry', 'cidr', { entry: overlapping });
    if (
      (current?.state.banned ?? 0) >= limits.ipBan.entriesMax &&
      (await countInForce(tx, ctx.accountId, ctx.now)) >= limits.ipBan.entriesMax
    )
      throw refuse(Code.limitReached, 'ipBan.rule.listFull', 'cidr', { max: limits.ipBan.entriesMax });
    const fields = {
      status: 'banned' as const,
      reason: payload.reason,
      expiresAt: payload.expires_at === null ? null : new Date(payload.expires_at),
    };
    // Banned again: the entry keeps who created it and when; the change is an update.
    if (entry) return change(tx, ctx, entry, fields, 'ipBan.banned');
    const parsed = parseRange(payload.cidr);
    if (!parsed.ok) throw refuse(Code.invalidRequest, parsed.problem, 'cidr');
    const row: IpBanRow = {
      accountId: ctx.accountId,
      id: ctx.aggregateId,
      ...rangeColumns(parsed.range),
      ...fields,
      createdBy: ctx.actorId,
      createdAt: ctx.now,
      updatedBy: ctx.actorId,
      updatedAt: ctx.now,
      version: ctx.version,
    };
    const after = entryOf({ row, createdBy: ctx.actorLogin, updatedBy: ctx.actorLogin });
    return {
      writes: [
        tx.$with('entry').as(tx.insert(ipBans).values(row).returning({ id: ipBans.id })),
        bannedCountChange(tx, ctx.accountId, 1),
      ],
      snapshot: after,
      before: undefined,
      after: audited(after),
      messageId: 'ipBan.banned',
    };
  },
};

const update: CommandHandler<'ipBan.update', LoadedEntry> = {
  lockName,
  load,
  snapshotOf,
  async apply(tx, ctx, payload, current) {
    const entry = entryInForce(current, ctx);
    requireFutureExpiry(payload.expires_at, ctx.now);
    const expiresAt = payload.expires_at === null ? null : new Date(payload.expires_at);
    return change(tx, ctx, entry, { reason: payload.reason, expiresAt }, 'ipBan.updated');
  },
};

const unban: CommandHandler<'ipBan.unban', LoadedEntry> = {
  lockName,
  load,
  snapshotOf,
  async apply(tx, ctx, _payload, current) {
    const entry = entryInForce(current, ctx);
    return change(tx, ctx, entry, { status: 'unbanned' }, 'ipBan.unbanned');
  },
};

export const ipBanHandlers = { 'ipBan.ban': ban, 'ipBan.update': update, 'ipBan.unban': unban };
