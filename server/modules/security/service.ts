import { createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { Code } from '../../../src/contract';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../http/envelope';
import { hashPassword, verifyPassword } from '../../http/crypto';
import {
  clearSignInFailures,
  noteAuthenticated,
  recordSignInAttempt,
  revokeOtherSignIns,
  type SignInKey,
} from '../../identity/service';
import {
  deleteRecoveryCodes,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useRecoveryCode,
} from '../../identity/two-factor';
import { claimTotpStep, findAccountById, lockAccount, updateAccount, type Account } from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';
import { KeyVault } from '../cert/key-vault';
import { securityLevelOf } from '../user/service';

/**
 * The signed-in account's own security (spec §4 two-factor authentication, §5 new password): its
 * password, and two-factor sign-in with a TOTP authenticator app and single-use recovery codes.
 * TOTP secrets are kept sealed by the server's key vault, recovery codes as keyed hashes only.
 */

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; ±1 step of clock drift. */
const totpParameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const totpWindow = 1;
export const totpIssuer = 'CDN Console';
export const recoveryCodeCount = 10;

/** The keys of two-factor sign-in, both derived from the server's key vault. */
export interface TwoFactorKeys {
  /** Seals TOTP secrets (AES-256-GCM, bound to the account). */
  secrets: KeyVault;
  /** Keys the hashes of recovery codes: the database alone cannot test guesses against them. */
  recovery: Buffer;
}

export function twoFactorKeys(dataDir: string): TwoFactorKeys {
  const vault = KeyVault.open(dataDir);
  return {
    // A vault of its own, keyed by a key derived for this purpose: never the certificate key itself.
    secrets: KeyVault.open(dataDir, vault.derive('two-factor-secrets').toString('base64')),
    recovery: vault.derive('two-factor-recovery-codes'),
  };
}

/** Who acts: the signed-in account itself, from where. */
export interface SecurityActor {
  account: Account;
  origin: AuditOrigin;
  ip: string;
}

const sealedFor = (accountId: number) => `account-totp:${accountId}`;

const totpOf = (keys: TwoFactorKeys, accountId: number, sealed: string) =>
  new TOTP({ ...totpParameters, secret: Secret.fromBase32(keys.secrets.open(sealed, sealedFor(accountId))) });

/** The time step whose code `token` is, within the window around `now`; null when none is. */
function matchingStep(totp: TOTP, token: string, now: number): number | null {
  const delta = totp.validate({ token, timestamp: now, window: totpWindow });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

// ---- recovery codes -------------------------------------------------------------------------

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken. */
const recoveryAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** `xxxxx-xxxxx`: 50 random bits. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => recoveryAlphabet[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter; I and L read as 1, O as 0. */
export const normalRecoveryCode = (typed: string) =>
  typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');

const recoveryHash = (keys: TwoFactorKeys, typed: string) =>
  createHmac('sha256', keys.recovery).update(normalRecoveryCode(typed)).digest('hex');

// ---- the second factor ----------------------------------------------------------------------

export type SecondFactorKind = 'totp' | 'recovery';

/**
 * Checks a second factor of an account with two-factor sign-in on: six digits are a TOTP code,
 * taken once (a code of a step already used, or of an earlier one, is refused); anything else a
 * recovery code, used up by this check. Null when it is neither.
 */
export async function checkSecondFactor(
  db: Executor,
  keys: TwoFactorKeys,
  account: Pick<Account, 'id' | 'totpEnabled' | 'totpSecret'>,
  typed: string,
  now = Date.now(),
): Promise<SecondFactorKind | null> {
  if (!account.totpEnabled || !account.totpSecret) return null;
  const code = typed.trim();
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(totpOf(keys, account.id, account.totpSecret), code, now);
    return step !== null && (await claimTotpStep(db, account.id, step)) ? 'totp' : null;
  }
  if (normalRecoveryCode(code).length !== 10) return null;
  return (await useRecoveryCode(db, account.id, recoveryHash(keys, code))) ? 'recovery' : null;
}

// ---- the calls ------------------------------------------------------------------------------

const issue = (path: string, messageId: string) =>
  new AppError(Code.invalidRequest, messageId, { issues: [{ path, message_id: messageId }] });

/** A sub-account's changes are logged in its main account's audit log (spec §6: main accounts read it). */
const auditAccountOf = (account: Account) =>
  account.kind === 'sub' && account.parentId !== null ? account.parentId : account.id;

async function current(db: Executor, id: number): Promise<Account> {
  const account = await findAccountById(db, id);
  if (!account) throw new AppError(Code.notFound, 'common.notFound');
  return account;
}

/**
 * A password check through the API counts like a sign-in attempt (the same limits per login and
 * per address): a console token alone does not allow guessing the password. The attempts are
 * cleared by the caller once everything asked was right, so wrong codes after a right password
 * count too.
 */
async function checkPassword(
  db: Db,
  actor: SecurityActor,
  password: string,
  field: string,
): Promise<SignInKey> {
  const attempt: SignInKey = { login: actor.account.login, ip: actor.ip };
  const throttle = await recordSignInAttempt(db, attempt);
  if (throttle.refused) {
    const seconds = Math.ceil(throttle.retryAfterMs / 1000);
    throw new AppError(Code.rateLimited, 'user.password.tooMany', {
      retry_after: seconds,
      minutes: Math.ceil(seconds / 60),
    });
  }
  const account = await current(db, actor.account.id);
  if (!(await verifyPassword(account.passwordHash, password))) throw issue(field, 'user.password.wrong');
  return attempt;
}

/**
 * Confirms the signed-in account's password for this console sign-in: the calls that need a
 * recent sign-in (`reauth: 'recent'`) are allowed to it for a while (`REAUTH_SECONDS`). A wrong
 * password counts as a failed sign-in.
 */
export async function confirmPassword(
  db: Db,
  actor: SecurityActor,
  tokenHash: string,
  password: string,
  now: Date,
): Promise<void> {
  const attempt = await checkPassword(db, actor, password, 'password');
  await noteAuthenticated(db, tokenHash, now);
  await clearSignInFailures(db, attempt);
}

export async function twoFactorStatus(db: Executor, accountId: number) {
  const account = await current(db, accountId);
  return {
    type: 'totp' as const,
    enabled: account.totpEnabled,
    recovery_codes_left: account.totpEnabled ? await recoveryCodesLeft(db, account.id) : 0,
    security_level: securityLevelOf(account),
  };
}

/**
 * Changes the password (spec §5 policy, checked by the contract) after checking the current one,
 * and ends the account's other sign-ins: the caller's token and portal session stay.
 */
export async function changePassword(
  db: Db,
  actor: SecurityActor,
  keep: { tokenHash: string; sessionState: string },
  input: { old_password: string; password: string },
): Promise<void> {
  const attempt = await checkPassword(db, actor, input.old_password, 'old_password');
  if (input.password === input.old_password) throw issue('password', 'user.password.unchanged');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const account = await updateAccount(tx, actor.account.id, {
      passwordHash,
      passwordChangedAt: new Date(),
    });
    await revokeOtherSignIns(tx, account.id, keep);
    await appendAudit(tx, {
      accountId: auditAccountOf(account),
      actorId: account.id,
      action: 'passwordChange',
      target: account.login,
      origin: actor.origin,
      ip: actor.ip,
    });
  });
  await clearSignInFailures(db, attempt);
}

/** Starts enrolment: a new secret, kept sealed as pending until a code of it turns two-factor sign-in on. */
export async function setupTwoFactor(db: Db, keys: TwoFactorKeys, actor: SecurityActor) {
  const account = await current(db, actor.account.id);
  if (account.totpEnabled) throw new AppError(Code.alreadyApplied, 'user.twoFactor.alreadyOn');
  const secret = new Secret({ size: 20 });
  await updateAccount(db, account.id, {
    totpPendingSecret: keys.secrets.seal(secret.base32, sealedFor(account.id)),
  });
  const totp = new TOTP({ ...totpParameters, issuer: totpIssuer, label: account.login, secret });
  return { secret: secret.base32, otpauth_url: totp.toString() };
}

/** Turns two-factor sign-in on with a code of the pending secret; answers the recovery codes, this once. */
export async function enableTwoFactor(
  db: Db,
  keys: TwoFactorKeys,
  actor: SecurityActor,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor.account.id);
    if (!account) throw new AppError(Code.notFound, 'common.notFound');
    if (account.totpEnabled) throw new AppError(Code.alreadyApplied, 'user.twoFactor.alreadyOn');
    if (!account.totpPendingSecret) throw issue('code', 'user.twoFactor.setupFirst');
    const step = matchingStep(totpOf(keys, account.id, account.totpPendingSecret), code, now);
    if (step === null) throw issue('code', 'user.twoFactor.codeWrong');
    await updateAccount(tx, account.id, {
      totpSecret: account.totpPendingSecret,
      totpPendingSecret: null,
      totpEnabled: true,
      // The code just given is used: it does not sign in too.
      totpLastStep: step,
    });
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await replaceRecoveryCodes(
      tx,
      account.id,
      codes.map((c) => recoveryHash(keys, c)),
    );
    await appendAudit(tx, {
      accountId: auditAccountOf(account),
      actorId: account.id,
      action: 'twoFactorEnable',
      target: account.login,
      before: { two_factor: false },
      after: { two_factor: true },
      origin: actor.origin,
      ip: actor.ip,
    });
    return codes;
  });
}

/** Turns two-factor sign-in off, with the password and a code or an unused recovery code. */
export async function disableTwoFactor(
  db: Db,
  keys: TwoFactorKeys,
  actor: SecurityActor,
  input: { password: string; code: string },
  now = Date.now(),
): Promise<void> {
  const before = await current(db, actor.account.id);
  if (!before.totpEnabled) throw new AppError(Code.alreadyApplied, 'user.twoFactor.notOn');
  const attempt = await checkPassword(db, actor, input.password, 'password');
  if (!(await checkSecondFactor(db, keys, before, input.code, now)))
    throw issue('code', 'user.twoFactor.codeWrong');
  await clearSignInFailures(db, attempt);
  await db.transaction(async (tx) => {
    const account = await updateAccount(tx, before.id, {
      totpEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
    });
    await deleteRecoveryCodes(tx, account.id);
    await appendAudit(tx, {
      accountId: auditAccountOf(account),
      actorId: account.id,
      action: 'twoFactorDisable',
      target: account.login,
      before: { two_factor: true },
      after: { two_factor: false },
      origin: actor.origin,
      ip: actor.ip,
    });
  });
}

/** spec §4 sign-in: every successful sign-in is in the audit log, with the factors it took. */
export async function auditSignIn(
  db: Executor,
  account: Account,
  context: { ip: string; source: 'portal' | 'canvas'; secondFactor: SecondFactorKind | null },
): Promise<void> {
  await appendAudit(db, {
    accountId: auditAccountOf(account),
    actorId: account.id,
    action: 'signIn',
    target: account.login,
    after: { source: context.source, second_factor: context.secondFactor },
    origin: 'browser',
    ip: context.ip,
  });
}
