import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, limits } from '../../../src/contract';
import { parseAddress, parseRange, rangeContains } from '../../../src/contract/rules/ip';
import { apiTokenPrefix, type TokenEntry, type tokenCreateBody } from '../../../src/contract/users';
import type { Db, Executor } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { randomSecret, sha256Hex } from '../../http/crypto';
import { AppError } from '../../http/envelope';
import { findAccountById, lockAccount, loginOr, type Account } from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';
import { domainsByIds } from '../domain/service';
import { childOf } from '../user/service';

/**
 * API tokens (spec §3 Token, §6, §9): a main account makes at most five, for itself or for a
 * sub-account it gave API permission. A token calls the documented API as its user, under the
 * same function and data permission, narrowed by its own scopes: read only or read-write, an
 * expiry, the addresses it may come from, the domains it reaches. Only the secret's hash is kept.
 */

export type ApiToken = typeof apiTokens.$inferSelect;

export interface TokenActor {
  main: Account;
  /** Who acts: the main account, or a channel account acting for it. */
  actorId: number;
  origin: AuditOrigin;
  ip: string;
}

export async function listTokens(db: Executor, mainId: number): Promise<TokenEntry[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.accountId, mainId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  const users = new Map<number, string>();
  for (const row of rows)
    if (!users.has(row.userId))
      users.set(row.userId, loginOr((await findAccountById(db, row.userId))?.login ?? null, row.userId));
  return rows.map((row) => entryOf(row, users.get(row.userId) ?? `#${row.userId}`));
}

/** The number of the main account's tokens (its resources). */
export async function tokenCount(db: Executor, mainId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.accountId, mainId));
  return row?.n ?? 0;
}

export function entryOf(row: ApiToken, userName: string): TokenEntry {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: userName,
    remark: row.remark,
    hint: row.hint,
    access: row.access,
    allowed_ips: row.allowedIps,
    domain_ids: row.domainIds ?? null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

const invalid = (path: string, messageId: string) =>
  new AppError(Code.invalidRequest, messageId, { issues: [{ path, message_id: messageId }] });

export async function createToken(
  db: Db,
  actor: TokenActor,
  input: z.output<typeof tokenCreateBody>,
  now: Date,
): Promise<{ token: TokenEntry; secret: string }> {
  const allowedIps: string[] = [];
  for (const [i, text] of input.allowed_ips.entries()) {
    const parsed = parseRange(text);
    if (!parsed.ok) throw invalid(`allowed_ips.${i}`, parsed.problem);
    allowedIps.push(parsed.text);
  }
  if (input.expires_at !== null && Date.parse(input.expires_at) <= now.getTime())
    throw invalid('expires_at', 'token.expiry.past');
  const domainIds = input.domains.all ? null : [...new Set(input.domains.ids)];
  if (domainIds) {
    if (domainIds.length === 0) throw invalid('domains', 'token.domains.required');
    const found = await domainsByIds(db, actor.main.id, domainIds);
    if (found.length !== domainIds.length) throw invalid('domains', 'traffic.domain.notFound');
  }
  const secret = `${apiTokenPrefix}${randomSecret(30)}`;
  const row = await db.transaction(async (tx) => {
    // One writer of the account's tokens at a time: the limit holds under concurrent calls.
    await lockAccount(tx, actor.main.id);
    const user =
      input.user_id === actor.main.id ? actor.main : await childOf(tx, actor.main.id, input.user_id);
    // spec §6: a sub-account's tokens need its main account to enable API permission first.
    if (user.kind === 'sub' && !user.apiEnabled) throw new AppError(Code.forbidden, 'token.apiDisabled');
    const [held] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.accountId, actor.main.id));
    if ((held?.n ?? 0) >= limits.tokensMax)
      throw new AppError(Code.limitReached, 'token.limit', { max: limits.tokensMax });
    const [made] = await tx
      .insert(apiTokens)
      .values({
        id: randomUUID(),
        accountId: actor.main.id,
        userId: user.id,
        secretHash: sha256Hex(secret),
        hint: `${secret.slice(0, apiTokenPrefix.length + 4)}…`,
        remark: input.remark,
        access: input.access,
        allowedIps,
        domainIds,
        createdAt: now,
        expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
      })
      .returning();
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'tokenCreate',
      target: user.login,
      after: {
        user: user.login,
        remark: input.remark,
        access: input.access,
        allowed_ips: allowedIps,
        domain_ids: domainIds,
        expires_at: input.expires_at,
      },
      origin: actor.origin,
      ip: actor.ip,
    });
    return { row: made!, user };
  });
  return { token: entryOf(row.row, row.user.login), secret };
}

/**
 * Deletes a token of the account. `confirm` is what the user typed (spec §5): the user name the
 * token calls as, as the token list shows it; anything else is refused and the token kept.
 */
export async function deleteToken(db: Db, actor: TokenActor, id: string, confirm: string): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = and(eq(apiTokens.accountId, actor.main.id), eq(apiTokens.id, id));
    const [found] = await tx.select().from(apiTokens).where(mine).for('update');
    if (!found) throw new AppError(Code.notFound, 'common.notFound');
    const userName = loginOr((await findAccountById(tx, found.userId))?.login ?? null, found.userId);
    if (confirm.trim() !== userName)
      throw new AppError(Code.invalidRequest, 'token.delete.confirmMismatch', { name: userName });
    const [row] = await tx.delete(apiTokens).where(mine).returning();
    if (!row) throw new AppError(Code.notFound, 'common.notFound');
    await appendAudit(tx, {
      accountId: actor.main.id,
      actorId: actor.actorId,
      action: 'tokenDelete',
      target: userName,
      before: entryOf(row, userName),
      origin: actor.origin,
      ip: actor.ip,
    });
  });
}

/** The token of a secret, if it exists and has not expired. */
export async function resolveApiToken(db: Db, secret: string, now: number): Promise<ApiToken | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, sha256Hex(secret)));
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
  return row;
}

/** Notes a token's use (a call it was let through). */
export async function noteTokenUse(db: Db, id: string, now: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiTokens.id, id));
}

/** Whether a call's address is one the token may be used from (an empty list: any). */
export function addressAllowed(allowed: readonly string[], address: string): boolean {
  if (allowed.length === 0) return true;
  const parsed = parseAddress(address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
  if (!parsed) return false;
  return allowed.some((text) => {
    const range = parseRange(text);
    return range.ok && rangeContains(range.range, parsed.family, parsed.value);
  });
}
