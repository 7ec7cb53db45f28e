import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import { auditSources, type AuditEntry as AuditListEntry } from '../../../src/contract/users';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { loginOf, loginOr } from '../account/service';
import { fieldChanges, parseStored, withSecretsHidden } from './diff';
import type { AuditOrigin } from './service';

// Reading the audit log (spec §2 /cdn/user/audit-log), apart from the writing (service.ts): the
// account module calls the writing, and the reading names accounts through the account module, so
// one file doing both would make the two modules import each other.

/** What the audit log is filtered by: all of it applies (and). */
export interface AuditFilter {
  /** A part of the object or of the action's name, in any case. */
  keyword?: string | undefined;
  actorId?: number | undefined;
  action?: string | undefined;
  source?: AuditOrigin | undefined;
  /** From this time (included) to that one (excluded). */
  start?: Date | undefined;
  end?: Date | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(accountId: number, filter: AuditFilter) {
  const keyword = filter.keyword?.trim();
  return and(
    eq(auditEvents.accountId, accountId),
    keyword
      ? or(ilike(auditEvents.target, likePattern(keyword)), ilike(auditEvents.action, likePattern(keyword)))
      : undefined,
    filter.actorId === undefined ? undefined : eq(auditEvents.actorId, filter.actorId),
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.source ? eq(auditEvents.origin, filter.source) : undefined,
    filter.start ? gte(auditEvents.createdAt, filter.start) : undefined,
    filter.end ? lt(auditEvents.createdAt, filter.end) : undefined,
  );
}

const isSource = (origin: string): origin is AuditOrigin =>
  (auditSources as readonly string[]).includes(origin);

/**
 * The account's events that pass the filter, newest first, `limit` of them from `offset`: each
 * with the logins of its actor and account (a deleted account as `#<id>`) and what changed, field
 * by field, secrets hidden.
 */
export async function auditEntries(
  db: Executor,
  accountId: number,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditListEntry[]> {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorLogin: loginOf(auditEvents.actorId),
      accountId: auditEvents.accountId,
      accountLogin: loginOf(auditEvents.accountId),
      action: auditEvents.action,
      target: auditEvents.target,
      origin: auditEvents.origin,
      ip: auditEvents.ip,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(whereOf(accountId, filter))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, login: loginOr(row.actorLogin, row.actorId) },
    account: { id: row.accountId, login: loginOr(row.accountLogin, row.accountId) },
    action: row.action,
    target: row.target,
    // Every writer passes an origin of the four; anything else was written by hand.
    source: isSource(row.origin) ? row.origin : 'operator',
    ip: row.ip,
    changes: withSecretsHidden(fieldChanges(parseStored(row.before), parseStored(row.after))),
  }));
}

/** How many of the account's events pass the filter. */
export async function countAuditEntries(
  db: Executor,
  accountId: number,
  filter: AuditFilter,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(whereOf(accountId, filter));
  return row?.n ?? 0;
}
