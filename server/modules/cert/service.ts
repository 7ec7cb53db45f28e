import { randomUUID, X509Certificate } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CertDomain,
  CertEntry,
  certDetail,
  certListQuery,
  CertUploadBody,
} from '../../../src/contract/cert';
import { certLimits } from '../../../src/contract/cert';
import { Code } from '../../../src/contract/codes';
import { certStatus, certTypeOf, matchesExpiry } from '../../../src/contract/rules/cert';
import { takeLock } from '../domain/service';
import { certificateUsers, type CertificateUser } from '../domain/config';
import type { Db, Executor } from '../../db/client';
import { certificates } from '../../db/schema';
import { AppError, invalid } from '../../http/envelope';
import { loginOf, loginOr } from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';
import type { KeyVault } from './key-vault';
import { forceableProblems, parseUpload } from './parse';

type CertRow = typeof certificates.$inferSelect;

/** The lock of one certificate: an association reads it (shared), a deletion takes it alone. */
export const certLockName = (accountId: number, id: string) => `cert:${accountId}:${id}`;

/** Who acts, for whom, from where. */
export interface CertActor {
  accountId: number;
  actorId: number;
  /** The actor's login, as the answers name who uploaded. */
  login: string;
  origin: AuditOrigin;
  ip?: string;
}

const columns = {
  id: certificates.id,
  name: certificates.name,
  cn: certificates.cn,
  sans: certificates.sans,
  names: certificates.names,
  wildcard: certificates.wildcard,
  issuer: certificates.issuer,
  algorithm: certificates.algorithm,
  level: certificates.level,
  keySize: certificates.keySize,
  notBefore: certificates.notBefore,
  notAfter: certificates.notAfter,
  chainVerified: certificates.chainVerified,
  createdAt: certificates.createdAt,
  createdBy: loginOf(certificates.createdBy),
  createdById: certificates.createdBy,
};
type ListedRow = Pick<
  CertRow,
  | 'id'
  | 'name'
  | 'cn'
  | 'sans'
  | 'names'
  | 'wildcard'
  | 'issuer'
  | 'algorithm'
  | 'level'
  | 'keySize'
  | 'notBefore'
  | 'notAfter'
  | 'chainVerified'
  | 'createdAt'
> & { createdBy: string | null; createdById: number };

function entryOf(row: ListedRow, users: readonly CertificateUser[], now: Date): CertEntry {
  const domains: CertDomain[] = users.map(({ id, domain, status }) => ({ id, domain, status }));
  return {
    id: row.id,
    name: row.name,
    cn: row.cn,
    sans: row.sans,
    names: row.names,
    wildcard: row.wildcard,
    issuer: row.issuer,
    algorithm: row.algorithm,
    type: certTypeOf(row),
    level: row.level,
    key_size: row.keySize,
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    chain_verified: row.chainVerified,
    status: certStatus(
      row,
      domains.map((d) => d.status),
      now,
    ),
    domains,
    created_by: loginOr(row.createdBy, row.createdById),
    created_at: row.createdAt.toISOString(),
  };
}

const byCert = (users: readonly CertificateUser[]) => {
  const map = new Map<string, CertificateUser[]>();
  for (const user of users) map.set(user.certificateId, [...(map.get(user.certificateId) ?? []), user]);
  return map;
};

/** Whether a certificate matches the list's keyword: its name, or one of its names, contains it (case ignored). */
export const matchesKeyword = (cert: { name: string; names: readonly string[] }, keyword: string) => {
  const k = keyword.trim().toLowerCase();
  return k === '' || cert.name.toLowerCase().includes(k) || cert.names.some((n) => n.includes(k));
};

/** Every certificate of the account, newest first, with the domains using each; filtered as asked. */
export async function listCertificates(
  db: Executor,
  accountId: number,
  query: z.output<typeof certListQuery>,
  now: Date,
): Promise<{ lists: CertEntry[]; total: number }> {
  const rows = await db
    .select(columns)
    .from(certificates)
    .where(eq(certificates.accountId, accountId))
    .orderBy(desc(certificates.createdAt), certificates.id);
  const users = byCert(await certificateUsers(db, accountId));
  const lists = rows
    .filter((row) => !query.keyword || matchesKeyword(row, query.keyword))
    .filter((row) => !query.expiry || matchesExpiry(query.expiry, row.notAfter, now))
    .map((row) => entryOf(row, users.get(row.id) ?? [], now));
  return { lists, total: lists.length };
}

const notFound = () => new AppError(Code.notFound, 'cert.notFound');

/** One certificate with its chain's public parts. */
export async function certificateDetail(
  db: Executor,
  accountId: number,
  id: string,
  now: Date,
): Promise<z.output<typeof certDetail>> {
  const [row] = await db
    .select({
      ...columns,
      chainPem: certificates.chainPem,
      serial: certificates.serial,
      fingerprint256: certificates.fingerprint256,
    })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.id, id)));
  if (!row) throw notFound();
  const users = await certificateUsers(db, accountId, [id]);
  const chain = row.chainPem
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .filter((pem) => pem.trim() !== '')
    .map((pem) => {
      const cert = new X509Certificate(pem);
      return { subject: cert.subject, issuer: cert.issuer, not_after: new Date(cert.validTo).toISOString() };
    });
  return { ...entryOf(row, users, now), chain, serial: row.serial, fingerprint256: row.fingerprint256 };
}

/** What the association's rules read of a certificate: its names and end, or null when the account has none with that id. */
export async function certificateFacts(
  db: Executor,
  accountId: number,
  id: string,
): Promise<{ names: string[]; not_after: string } | null> {
  const [row] = await db
    .select({ names: certificates.names, notAfter: certificates.notAfter })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.id, id)));
  return row ? { names: row.names, not_after: row.notAfter.toISOString() } : null;
}

/**
 * Uploads a certificate (spec §5, §8): parsed and checked (`parseUpload`); a chain that does not
 * link is refused with `data.forceable` unless forced. The private key is sealed before it is
 * stored. Names are unique in the account; at most `certLimits.perAccount` certificates.
 */
export async function uploadCertificate(
  db: Db,
  vault: KeyVault,
  actor: CertActor,
  body: CertUploadBody & { password: string; force: boolean },
  now: Date,
): Promise<{ cert: CertEntry; warnings: string[] }> {
  const parsed = parseUpload(body, now);
  if (!parsed.ok) {
    const path = parsed.problem.startsWith('cert.key')
      ? 'key'
      : parsed.problem.startsWith('cert.password')
        ? 'password'
        : 'certificate';
    const error = invalid([{ path, message_id: parsed.problem }]);
    if (forceableProblems.has(parsed.problem)) Object.assign(error.data, { forceable: true });
    throw error;
  }
  const { cert } = parsed;
  const id = randomUUID();
  const row = {
    accountId: actor.accountId,
    id,
    name: body.name.trim(),
    cn: cert.cn,
    sans: cert.sans,
    names: cert.names,
    wildcard: cert.wildcard,
    issuer: cert.issuer,
    algorithm: cert.algorithm,
    level: cert.level,
    keySize: cert.keySize,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    serial: cert.serial,
    fingerprint256: cert.fingerprint256,
    chainPem: cert.chainPem.join('\n'),
    chainVerified: parsed.warnings.length === 0,
    sealedKey: vault.seal(cert.keyPem, id),
    createdBy: actor.actorId,
    createdAt: now,
    updatedBy: actor.actorId,
    updatedAt: now,
    version: 1,
  };
  await db.transaction(async (tx) => {
    // One upload at a time per account: the count and the name are judged on what is committed.
    await takeLock(tx, `certUpload:${actor.accountId}`);
    const [counted] = await tx
      .select({ n: count() })
      .from(certificates)
      .where(eq(certificates.accountId, actor.accountId));
    if ((counted?.n ?? 0) >= certLimits.perAccount)
      throw new AppError(Code.limitReached, 'cert.limit', { max: certLimits.perAccount });
    const [taken] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.accountId, actor.accountId), eq(certificates.name, row.name)));
    if (taken) throw invalid([{ path: 'name', message_id: 'cert.name.taken' }]);
    await tx.insert(certificates).values(row);
    await appendAudit(tx, {
      accountId: actor.accountId,
      actorId: actor.actorId,
      action: 'cert.upload',
      target: id,
      after: {
        name: row.name,
        names: row.names,
        not_after: row.notAfter.toISOString(),
        forced: !row.chainVerified,
      },
      origin: actor.origin,
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
  });
  const entry = entryOf({ ...row, createdBy: actor.login, createdById: actor.actorId }, [], now);
  return { cert: entry, warnings: parsed.warnings };
}

/**
 * Deletes a certificate: refused while a domain uses it ('cert.inUse', with the domains). The
 * certificate's lock is taken alone, so no association of it commits meanwhile.
 */
export async function deleteCertificate(db: Db, actor: CertActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await takeLock(tx, certLockName(actor.accountId, id));
    const [row] = await tx
      .select({ name: certificates.name })
      .from(certificates)
      .where(and(eq(certificates.accountId, actor.accountId), eq(certificates.id, id)));
    if (!row) throw notFound();
    const users = await certificateUsers(tx, actor.accountId, [id]);
    if (users.length > 0)
      throw new AppError(Code.commandRejected, 'cert.inUse', {
        count: users.length,
        domains: users.map((u) => u.domain),
      });
    await tx
      .delete(certificates)
      .where(and(eq(certificates.accountId, actor.accountId), eq(certificates.id, id)));
    await appendAudit(tx, {
      accountId: actor.accountId,
      actorId: actor.actorId,
      action: 'cert.delete',
      target: id,
      before: { name: row.name },
      origin: actor.origin,
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
  });
}

/** The ends of validity of the account's certificates, soonest first (the dashboard, the notices, the calendar). */
export async function expiries(db: Executor, accountId: number) {
  return db
    .select({
      id: certificates.id,
      name: certificates.name,
      names: certificates.names,
      notAfter: certificates.notAfter,
    })
    .from(certificates)
    .where(eq(certificates.accountId, accountId))
    .orderBy(certificates.notAfter, certificates.id);
}

/** The number of the account's certificates (its resources). */
export async function certificateCount(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificates)
    .where(eq(certificates.accountId, accountId));
  return row?.n ?? 0;
}

/** The ids of the account's certificates uploaded by these accounts (a sub-account's data permission by owner). */
export async function certIdsCreatedBy(
  db: Executor,
  accountId: number,
  creators: readonly number[],
): Promise<string[]> {
  if (creators.length === 0) return [];
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), inArray(certificates.createdBy, [...creators])));
  return rows.map((r) => r.id);
}

/** The name of one of the account's certificates, or null. */
export async function certificateName(db: Executor, accountId: number, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: certificates.name })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.id, id)));
  return row?.name ?? null;
}

/**
 * Certificates for the edge, with their private keys opened: the edge agent gets them over its
 * authenticated channel and writes them readable by nginx's master only.
 */
export async function certificatesForEdge(
  db: Executor,
  vault: KeyVault,
  refs: readonly { accountId: number; id: string }[],
) {
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      accountId: certificates.accountId,
      id: certificates.id,
      serial: certificates.serial,
      chainPem: certificates.chainPem,
      sealedKey: certificates.sealedKey,
    })
    .from(certificates)
    .where(inArray(certificates.id, [...new Set(refs.map((ref) => ref.id))]));
  const wanted = new Set(refs.map((ref) => `${ref.accountId}:${ref.id}`));
  return rows
    .filter((row) => wanted.has(`${row.accountId}:${row.id}`))
    .map((row) => ({
      accountId: row.accountId,
      id: row.id,
      serial: row.serial,
      certPem: row.chainPem,
      keyPem: vault.open(row.sealedKey, row.id),
    }));
}
