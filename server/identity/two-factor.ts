import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { recoveryCodes, signInChallenges } from '../db/schema';
import { randomSecret, sha256Hex } from '../http/crypto';

/**
 * What two-factor sign-in keeps on the identity side: the hashes of each account's single-use
 * recovery codes, and the sign-in challenges of browsers whose password was right and whose
 * second factor is awaited.
 */

// ---- recovery codes -------------------------------------------------------------------------

/** Replaces the account's recovery codes by these hashes (turning two-factor sign-in on). */
export async function replaceRecoveryCodes(db: Executor, accountId: number, hashes: readonly string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  if (hashes.length > 0)
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

export async function deleteRecoveryCodes(db: Executor, accountId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/**
 * Uses a recovery code once: true when it was the account's and unused. The conditional update is
 * the gate, so two requests bringing the same code cannot both pass.
 */
export async function useRecoveryCode(db: Executor, accountId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ accountId: recoveryCodes.accountId });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- sign-in challenges ---------------------------------------------------------------------

/** A challenge lives 5 minutes and takes at most 5 codes. */
export const challengeLimits = { ttlMs: 5 * 60_000, attempts: 5 } as const;

/** Where the sign-in goes on once the second factor is given. */
export interface ChallengeResume {
  source: 'portal' | 'canvas';
  redirectUri: string;
  state: string;
}

export interface SignInChallenge {
  accountId: number;
  resume: ChallengeResume;
  /** The codes tried so far, this one included when it was just counted. */
  attempts: number;
}

const resumeOf = (stored: Record<string, string>): ChallengeResume => ({
  source: stored.source === 'canvas' ? 'canvas' : 'portal',
  redirectUri: stored.redirect_uri ?? '/',
  state: stored.state ?? '',
});

/** Starts a challenge; answers its secret (for the browser's cookie), of which only the hash is kept. */
export async function createSignInChallenge(
  db: Db,
  input: { accountId: number; resume: ChallengeResume },
  now = Date.now(),
): Promise<string> {
  // Expired challenges can never be answered: they go when a new one starts.
  const stale = db
    .select({ idHash: signInChallenges.idHash })
    .from(signInChallenges)
    .where(lt(signInChallenges.expiresAt, new Date(now)))
    .limit(500)
    .for('update', { skipLocked: true });
  await db.delete(signInChallenges).where(inArray(signInChallenges.idHash, stale));
  const secret = randomSecret();
  await db.insert(signInChallenges).values({
    idHash: sha256Hex(secret),
    accountId: input.accountId,
    resume: {
      source: input.resume.source,
      redirect_uri: input.resume.redirectUri,
      state: input.resume.state,
    },
    expiresAt: new Date(now + challengeLimits.ttlMs),
  });
  return secret;
}

/** The live challenge of a secret: unexpired, with attempts left; otherwise null. */
export async function findSignInChallenge(
  db: Executor,
  secret: string | undefined,
): Promise<SignInChallenge | null> {
  if (!secret) return null;
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.idHash, sha256Hex(secret)),
        gt(signInChallenges.expiresAt, new Date()),
        lt(signInChallenges.attempts, challengeLimits.attempts),
      ),
    );
  return row ? { accountId: row.accountId, resume: resumeOf(row.resume), attempts: row.attempts } : null;
}

/**
 * Counts one code tried against the challenge before it is checked, so parallel tries cannot pass
 * the limit together: the challenge with its new count, or null when it expired or had no attempt left.
 */
export async function countChallengeAttempt(db: Executor, secret: string): Promise<SignInChallenge | null> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.idHash, sha256Hex(secret)),
        gt(signInChallenges.expiresAt, new Date()),
        lt(signInChallenges.attempts, challengeLimits.attempts),
      ),
    )
    .returning();
  return row ? { accountId: row.accountId, resume: resumeOf(row.resume), attempts: row.attempts } : null;
}

/** Ends a challenge (answered, used up, or replaced by a new sign-in). */
export async function endSignInChallenge(db: Executor, secret: string | undefined): Promise<void> {
  if (!secret) return;
  await db.delete(signInChallenges).where(eq(signInChallenges.idHash, sha256Hex(secret)));
}
