import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditOrigin = 'browser' | 'api' | 'operator';

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
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends one audit event; every accepted change calls it. */
export async function appendAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    accountId: entry.accountId,
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? '',
    before: json(entry.before),
    after: json(entry.after),
    origin: entry.origin,
    ip: entry.ip ?? '',
  });
}
