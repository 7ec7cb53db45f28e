import { and, asc, eq, gte, inArray, like, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';
import type { auditSources } from '../../../src/contract/users';

/**
 * Where a change came from: a browser page (`browser`), a command replayed from a browser's outbox
 * after it was queued or retried (`replay`), an API caller (`api`), the operator or the demo seed
 * (`operator`).
 */
export type AuditOrigin = (typeof auditSources)[number];

export interface AuditEntry {
  /** The account the change belongs to. */
  accountId: number;
  /** Who made it (the signed-in account; for the operator, the account itself). */
  actorId: number;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
  origin: AuditOrigin;
  ip?: string;
  /** When it took effect, if not now (a command applied at its own clock, such as the demo seed's). */
  at?: Date;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The row of an audit event. */
export const auditRow = (entry: AuditEntry) => ({
  accountId: entry.accountId,
  actorId: entry.actorId,
  action: entry.action,
  target: entry.target ?? '',
  before: json(entry.before),
  after: json(entry.after),
  origin: entry.origin,
  ip: entry.ip ?? '',
  ...(entry.at ? { createdAt: entry.at } : {}),
});

/** Appends one audit event; every accepted change calls it. */
/** The insertion of an audit event as a common table expression, for a statement that writes more. */
export const auditEventWrite = (tx: Executor, entry: AuditEntry) =>
  tx
    .$with('audit_event')
    .as(tx.insert(auditEvents).values(auditRow(entry)).returning({ id: auditEvents.id }));

export async function appendAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(auditRow(entry));
}

/** Whether the account has an audit event of this action (on this target, from this origin): a step known to be done. */
export async function hasAuditEvent(
  db: Executor,
  event: { accountId: number; action: string; target?: string; origin?: AuditOrigin },
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.accountId, event.accountId),
        eq(auditEvents.action, event.action),
        event.target === undefined ? undefined : eq(auditEvents.target, event.target),
        event.origin === undefined ? undefined : eq(auditEvents.origin, event.origin),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The account's events on these targets between two times, oldest first (chart markers). */
export async function eventsOnTargets(
  db: Executor,
  accountId: number,
  targets: readonly string[] | 'all',
  from: Date,
  to: Date,
  limit: number,
) {
  return db
    .select({ at: auditEvents.createdAt, target: auditEvents.target, action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.accountId, accountId),
        gte(auditEvents.createdAt, from),
        lt(auditEvents.createdAt, to),
        targets === 'all' ? undefined : inArray(auditEvents.target, [...targets]),
        like(auditEvents.action, 'domain%'),
      ),
    )
    .orderBy(asc(auditEvents.createdAt))
    .limit(limit);
}
