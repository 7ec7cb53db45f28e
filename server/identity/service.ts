import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import { authCodes, loginFailures, portalSessions, tokens } from '../db/schema';
import { randomSecret, sha256Hex } from '../http/crypto';

export type IdentityConfig = Pick<Config, 'tokenIdleMinutes' | 'tokenTtlHours' | 'codeTtlSeconds'>;

/**
 * Stale identity rows are deleted opportunistically, when a new row of the same kind is written, at
 * most this many at a time. Rows another caller is deleting are skipped (SKIP LOCKED), so parallel
 * sign-ins neither wait for nor deadlock on each other's clean-up.
 */
const purgeBatch = 500;

// ---- portal sessions (the identity provider's own sign-in) -----------------------------

export interface PortalSession {
  accountId: number;
  sessionState: string;
  /** When the password (and second factor) was proven for it. */
  createdAt: Date;
}

export async function createPortalSession(
  db: Db,
  accountId: number,
  ttlHours: number,
): Promise<{ sid: string; sessionState: string }> {
  // Ended and expired sessions can never be found again: they go when a new one starts.
  const stale = db
    .select({ idHash: portalSessions.idHash })
    .from(portalSessions)
    .where(or(isNotNull(portalSessions.endedAt), lt(portalSessions.expiresAt, new Date())))
    .limit(purgeBatch)
    .for('update', { skipLocked: true });
  await db.delete(portalSessions).where(inArray(portalSessions.idHash, stale));
  const sid = randomSecret();
  const sessionState = randomSecret(16);
  await db.insert(portalSessions).values({
    idHash: sha256Hex(sid),
    sessionState,
    accountId,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return { sid, sessionState };
}

export async function findPortalSession(db: Db, sid: string | undefined): Promise<PortalSession | null> {
  if (!sid) return null;
  const [row] = await db
    .select({
      accountId: portalSessions.accountId,
      sessionState: portalSessions.sessionState,
      createdAt: portalSessions.createdAt,
    })
    .from(portalSessions)
    .where(
      and(
        eq(portalSessions.idHash, sha256Hex(sid)),
        isNull(portalSessions.endedAt),
        gt(portalSessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** Ends the portal session named by its cookie and/or by its public session_state. */
export async function endPortalSession(
  db: Db,
  by: { sid?: string | undefined; sessionState?: string | undefined },
): Promise<void> {
  const now = new Date();
  if (by.sid) {
    await db
      .update(portalSessions)
      .set({ endedAt: now })
      .where(and(eq(portalSessions.idHash, sha256Hex(by.sid)), isNull(portalSessions.endedAt)));
  }
  if (by.sessionState) {
    await db
      .update(portalSessions)
      .set({ endedAt: now })
      .where(and(eq(portalSessions.sessionState, by.sessionState), isNull(portalSessions.endedAt)));
  }
}

// ---- single-use sign-in codes --------------------------------------------------------------

export async function issueCode(
  db: Db,
  input: { accountId: number; state: string; sessionState: string },
  config: IdentityConfig,
): Promise<string> {
  // Used and expired codes can never be redeemed: they go when a new one is issued.
  const stale = db
    .select({ codeHash: authCodes.codeHash })
    .from(authCodes)
    .where(or(isNotNull(authCodes.usedAt), lt(authCodes.expiresAt, new Date())))
    .limit(purgeBatch)
    .for('update', { skipLocked: true });
  await db.delete(authCodes).where(inArray(authCodes.codeHash, stale));
  const code = randomSecret();
  await db.insert(authCodes).values({
    codeHash: sha256Hex(code),
    accountId: input.accountId,
    state: input.state,
    sessionState: input.sessionState,
    expiresAt: new Date(Date.now() + config.codeTtlSeconds * 1000),
  });
  return code;
}

/**
 * Redeems a code once: it must be unused, unexpired and bound to this state and session_state.
 * The conditional update makes two concurrent redemptions yield one winner.
 */
export async function redeemCode(
  db: Db,
  input: { code: string; state: string; sessionState: string },
): Promise<number | null> {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authCodes.codeHash, sha256Hex(input.code)),
        eq(authCodes.state, input.state),
        eq(authCodes.sessionState, input.sessionState),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: authCodes.accountId });
  return row?.accountId ?? null;
}

// ---- console bearer tokens -------------------------------------------------------------------

export interface TokenContext {
  tokenHash: string;
  accountId: number;
  viewAccountId: number;
  sessionState: string;
}

/** A resolved token and the moment it expires unless used again (idle) or at the latest. */
export interface ResolvedToken extends TokenContext {
  validUntil: number;
  /** When its user last proved the password (epoch ms). */
  authenticatedAt: number;
}

export async function createToken(
  db: Db,
  input: { accountId: number; sessionState: string; authenticatedAt: Date },
  config: IdentityConfig,
): Promise<{ token: string; expiresAt: Date }> {
  // Revoked, expired and idle-expired tokens never resolve again: they go when a new one is issued.
  const now = Date.now();
  const stale = db
    .select({ tokenHash: tokens.tokenHash })
    .from(tokens)
    .where(
      or(
        isNotNull(tokens.revokedAt),
        lt(tokens.expiresAt, new Date(now)),
        lt(tokens.lastUsedAt, new Date(now - config.tokenIdleMinutes * 60_000)),
      ),
    )
    .limit(purgeBatch)
    .for('update', { skipLocked: true });
  await db.delete(tokens).where(inArray(tokens.tokenHash, stale));
  const token = randomSecret();
  const expiresAt = new Date(now + config.tokenTtlHours * 3_600_000);
  await db.insert(tokens).values({
    tokenHash: sha256Hex(token),
    accountId: input.accountId,
    viewAccountId: input.accountId,
    sessionState: input.sessionState,
    authenticatedAt: input.authenticatedAt,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Resolves a token: unknown, revoked, idle-expired or past its absolute expiry → null. */
export async function resolveToken(
  db: Db,
  token: string,
  config: IdentityConfig,
): Promise<ResolvedToken | null> {
  const tokenHash = sha256Hex(token);
  const [row] = await db.select().from(tokens).where(eq(tokens.tokenHash, tokenHash));
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) return null;
  if (row.lastUsedAt.getTime() + config.tokenIdleMinutes * 60_000 <= now) return null;
  // Refresh the idle clock at most once a minute, not on every call.
  let lastUsed = row.lastUsedAt.getTime();
  if (now - lastUsed >= 60_000) {
    await db
      .update(tokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(tokens.tokenHash, tokenHash));
    lastUsed = now;
  }
  return {
    tokenHash,
    accountId: row.accountId,
    viewAccountId: row.viewAccountId,
    sessionState: row.sessionState,
    validUntil: Math.min(row.expiresAt.getTime(), lastUsed + config.tokenIdleMinutes * 60_000),
    authenticatedAt: row.authenticatedAt.getTime(),
  };
}

/** The password was confirmed for this console sign-in: it counts as recent from now. */
export async function noteAuthenticated(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(tokens).set({ authenticatedAt: now }).where(eq(tokens.tokenHash, tokenHash));
}

export async function revokeToken(db: Db, token: string): Promise<TokenContext | null> {
  const [row] = await db
    .update(tokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tokens.tokenHash, sha256Hex(token)), isNull(tokens.revokedAt)))
    .returning();
  return row
    ? {
        tokenHash: row.tokenHash,
        accountId: row.accountId,
        viewAccountId: row.viewAccountId,
        sessionState: row.sessionState,
      }
    : null;
}

/** Revokes every live token issued under one portal session (logout ends them all). */
export async function revokeSessionTokens(db: Db, sessionState: string): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.sessionState, sessionState), isNull(tokens.revokedAt)));
}

/** Sets the token's default view (for new tabs); false when the token is gone or revoked. */
export async function setViewAccount(
  db: Executor,
  tokenHash: string,
  viewAccountId: number,
): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ viewAccountId })
    .where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.revokedAt)))
    .returning({ tokenHash: tokens.tokenHash });
  return rows.length > 0;
}

// ---- sign-in rate limit -------------------------------------------------------------------------

/**
 * Failed sign-ins allowed in a window of five minutes: per login, from any address (a password
 * guessed from many addresses), and per address, for any login (one password tried against many
 * logins: spraying). A successful sign-in clears the attempts of its login.
 */
export const signInLimit = { perLogin: 10, perAddress: 20, windowMs: 5 * 60_000 } as const;

export interface SignInKey {
  login: string;
  ip: string;
}

const normal = (key: SignInKey) => ({ login: key.login.trim().toLowerCase(), ip: key.ip });

/**
 * Records a sign-in attempt first, then counts the attempts of the window including it: refused
 * above either limit, with the time until the oldest attempt that makes the count leaves the
 * window. Because every attempt is counted after its own row is written, concurrent attempts
 * cannot all pass a check made before any of them was recorded.
 */
export async function recordSignInAttempt(
  db: Db,
  attempt: SignInKey,
  now = Date.now(),
): Promise<{ refused: false } | { refused: true; retryAfterMs: number }> {
  const key = normal(attempt);
  await db.insert(loginFailures).values({ ...key, createdAt: new Date(now) });
  const since = new Date(now - signInLimit.windowMs);
  const epochMs = sql`(extract(epoch from ${loginFailures.createdAt}) * 1000)::float8`;
  // The time of the n-th newest attempt of each count: once it leaves the window, at most n - 1
  // attempts remain and the next one is allowed again.
  const result = await db.execute<{
    by_login: number;
    login_nth: number | null;
    by_address: number;
    address_nth: number | null;
  }>(sql`
    select
      count(*) filter (where ${loginFailures.login} = ${key.login})::int as by_login,
      (array_agg(${epochMs} order by ${loginFailures.createdAt} desc)
        filter (where ${loginFailures.login} = ${key.login}))[${signInLimit.perLogin}::int] as login_nth,
      count(*) filter (where ${loginFailures.ip} = ${key.ip})::int as by_address,
      (array_agg(${epochMs} order by ${loginFailures.createdAt} desc)
        filter (where ${loginFailures.ip} = ${key.ip}))[${signInLimit.perAddress}::int] as address_nth
    from ${loginFailures}
    where ${loginFailures.createdAt} >= ${since}
      and (${loginFailures.login} = ${key.login} or ${loginFailures.ip} = ${key.ip})`);
  // Keep the table small: old attempts no longer count.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - 2 * signInLimit.windowMs)));
  const row = result.rows[0];
  const waitFor = (count: number, nth: number | null, limit: number) =>
    count <= limit
      ? 0
      : nth === null
        ? signInLimit.windowMs
        : Math.max(1000, Number(nth) + signInLimit.windowMs - now);
  const retryAfterMs = Math.max(
    waitFor(row?.by_login ?? 0, row?.login_nth ?? null, signInLimit.perLogin),
    waitFor(row?.by_address ?? 0, row?.address_nth ?? null, signInLimit.perAddress),
  );
  return retryAfterMs > 0 ? { refused: true, retryAfterMs } : { refused: false };
}

/** After a successful sign-in: the attempts of this login no longer count, from any address. */
export async function clearSignInFailures(db: Db, attempt: SignInKey): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.login, normal(attempt).login));
}

/** Ends every console sign-in of an account (a password reset, a deleted sub-account). */
export async function revokeAccountTokens(db: Executor, accountId: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt)));
}

/**
 * Ends every console sign-in of an account but the caller's (a password change): its other tokens,
 * and its other portal sessions, which would otherwise sign a browser in again without a password.
 */
export async function revokeOtherSignIns(
  db: Executor,
  accountId: number,
  keep: { tokenHash: string; sessionState: string },
): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(tokens.accountId, accountId), isNull(tokens.revokedAt), ne(tokens.tokenHash, keep.tokenHash)),
    );
  await db
    .update(portalSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(portalSessions.accountId, accountId),
        isNull(portalSessions.endedAt),
        ne(portalSessions.sessionState, keep.sessionState),
      ),
    );
}
