import { and, asc, eq } from 'drizzle-orm';
import { Code, type ServiceStatus } from '../../../src/contract';
import type { Db, Executor } from '../../db/client';
import { serviceApplications } from '../../db/schema';
import { AppError } from '../../http/envelope';
import {
  findAccountById,
  findAccountByLogin,
  grantMenu,
  loginOf,
  loginOr,
  moveServiceStatus,
  serviceStatusOf,
  type Account,
} from '../account/service';
import { appendAudit, type AuditOrigin } from '../audit/service';

export interface ApplicationInput {
  mode: string;
  is_overseas: number;
  product: string;
}

export interface ChangeContext {
  origin: AuditOrigin;
  ip?: string;
  actorId?: number;
}

/**
 * spec §4 activation: apply, then auditing until approved. Not real-name verified → 11000608;
 * already open → 40901; applying again while under review answers `auditing` (idempotent).
 *
 * The application, the status and the audit event are written in one transaction whose gate is a
 * conditional update (`not_open` → `auditing`): of two concurrent calls one records the
 * application, the other answers the state the first one left (with AUTO_APPROVE: `open`).
 * A call from the sign-in whose application was approved at once answers `open` as well (the
 * repeated request gets the first one's answer, however the two were ordered); 40901 otherwise.
 */
export async function applyForService(
  db: Db,
  account: Account,
  input: ApplicationInput,
  options: ChangeContext & { autoApprove: boolean; sessionState?: string },
): Promise<{ service_status: ServiceStatus }> {
  if (!account.realNameVerified) throw new AppError(Code.realNameRequired, 'openService.realNameRequired');
  const status = await serviceStatusOf(db, account);
  if (status === 'open') {
    if (options.sessionState !== undefined) {
      const [same] = await db
        .select({ id: serviceApplications.id })
        .from(serviceApplications)
        .where(
          and(
            eq(serviceApplications.accountId, account.id),
            eq(serviceApplications.sessionState, options.sessionState),
            eq(serviceApplications.autoApproved, true),
          ),
        )
        .limit(1);
      if (same) return { service_status: 'open' };
    }
    throw new AppError(Code.alreadyApplied, 'openService.alreadyOpen');
  }
  if (status === 'auditing') return { service_status: 'auditing' };
  return db.transaction(async (tx) => {
    const gate = await moveServiceStatus(tx, account.id, 'auditing', 'not_open');
    if (!gate) {
      // Another call applied first (and, with AUTO_APPROVE, opened the service): its outcome.
      const now = await findAccountById(tx, account.id);
      return { service_status: now?.serviceStatus ?? 'auditing' };
    }
    await tx.insert(serviceApplications).values({
      accountId: account.id,
      mode: input.mode,
      isOverseas: input.is_overseas,
      product: input.product,
      sessionState: options.sessionState ?? null,
      autoApproved: options.autoApprove,
    });
    await appendAudit(tx, {
      accountId: account.id,
      actorId: options.actorId ?? account.id,
      action: 'product.apply',
      target: input.product,
      before: { service_status: status },
      after: { service_status: 'auditing', ...input },
      origin: options.origin,
      ip: options.ip ?? '',
    });
    if (options.autoApprove) {
      await approveApplication(tx, account.login, { origin: options.origin, ip: options.ip ?? '' });
      return { service_status: 'open' as const };
    }
    return { service_status: 'auditing' as const };
  });
}

/**
 * Approves the pending application of `login`: opens the service and grants the default menu, in
 * one transaction (joining the caller's when given one). The conditional update of the pending
 * application is the gate, so an application is approved once.
 */
export async function approveApplication(
  db: Executor,
  login: string,
  context: ChangeContext,
): Promise<Account> {
  const account = await findAccountByLogin(db, login);
  if (!account) throw new AppError(Code.notFound, 'operator.unknownLogin');
  return db.transaction(async (tx) => {
    const now = new Date();
    const approved = await tx
      .update(serviceApplications)
      .set({ status: 'approved', decidedAt: now })
      .where(and(eq(serviceApplications.accountId, account.id), eq(serviceApplications.status, 'pending')))
      .returning({ id: serviceApplications.id, product: serviceApplications.product });
    if (approved.length === 0) throw new AppError(Code.notFound, 'operator.nothingPending');
    const latest = approved.reduce((a, b) => (b.id > a.id ? b : a));
    const opened = await moveServiceStatus(tx, account.id, 'open');
    await grantMenu(tx, account);
    await appendAudit(tx, {
      accountId: account.id,
      actorId: context.actorId ?? account.id,
      action: 'product.approve',
      target: latest.product,
      before: { service_status: account.serviceStatus },
      after: { service_status: 'open' },
      origin: context.origin,
      ip: context.ip ?? '',
    });
    return opened ?? account;
  });
}

export interface PendingApplication {
  login: string;
  product: string;
  createdAt: Date;
}

export async function pendingApplications(db: Db): Promise<PendingApplication[]> {
  const rows = await db
    .select({
      login: loginOf(serviceApplications.accountId),
      accountId: serviceApplications.accountId,
      product: serviceApplications.product,
      createdAt: serviceApplications.createdAt,
    })
    .from(serviceApplications)
    .where(eq(serviceApplications.status, 'pending'))
    .orderBy(asc(serviceApplications.id));
  return rows.map((r) => ({
    login: loginOr(r.login, r.accountId),
    product: r.product,
    createdAt: r.createdAt,
  }));
}
