import { and, asc, desc, eq } from 'drizzle-orm';
import { Code, type ServiceStatus } from '../../../src/contract';
import type { Db } from '../../db/client';
import { accounts, serviceApplications } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { findAccountByLogin, grantMenu, serviceStatusOf, type Account } from '../account/service';
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
 */
export async function applyForService(
  db: Db,
  account: Account,
  input: ApplicationInput,
  options: ChangeContext & { autoApprove: boolean },
): Promise<{ service_status: ServiceStatus }> {
  if (!account.realNameVerified) throw new AppError(Code.realNameRequired, 'openService.realNameRequired');
  const status = await serviceStatusOf(db, account);
  if (status === 'open') throw new AppError(Code.alreadyApplied, 'openService.alreadyOpen');
  if (status === 'auditing') return { service_status: 'auditing' };
  await db.insert(serviceApplications).values({
    accountId: account.id,
    mode: input.mode,
    isOverseas: input.is_overseas,
    product: input.product,
  });
  await db
    .update(accounts)
    .set({ serviceStatus: 'auditing', updatedAt: new Date() })
    .where(eq(accounts.id, account.id));
  await appendAudit(db, {
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
    await approveApplication(db, account.login, { origin: options.origin, ip: options.ip ?? '' });
    return { service_status: 'open' };
  }
  return { service_status: 'auditing' };
}

/** Approves the pending application of `login`: opens the service and grants the default menu. */
export async function approveApplication(db: Db, login: string, context: ChangeContext): Promise<Account> {
  const account = await findAccountByLogin(db, login);
  if (!account) throw new AppError(Code.notFound, 'operator.unknownLogin');
  const [pending] = await db
    .select()
    .from(serviceApplications)
    .where(and(eq(serviceApplications.accountId, account.id), eq(serviceApplications.status, 'pending')))
    .orderBy(desc(serviceApplications.id));
  if (!pending) throw new AppError(Code.notFound, 'operator.nothingPending');
  const now = new Date();
  await db
    .update(serviceApplications)
    .set({ status: 'approved', decidedAt: now })
    .where(and(eq(serviceApplications.accountId, account.id), eq(serviceApplications.status, 'pending')));
  const [opened] = await db
    .update(accounts)
    .set({ serviceStatus: 'open', updatedAt: now })
    .where(eq(accounts.id, account.id))
    .returning();
  await grantMenu(db, account);
  await appendAudit(db, {
    accountId: account.id,
    actorId: context.actorId ?? account.id,
    action: 'product.approve',
    target: pending.product,
    before: { service_status: account.serviceStatus },
    after: { service_status: 'open' },
    origin: context.origin,
    ip: context.ip ?? '',
  });
  return opened ?? account;
}

export interface PendingApplication {
  login: string;
  product: string;
  createdAt: Date;
}

export async function pendingApplications(db: Db): Promise<PendingApplication[]> {
  return db
    .select({
      login: accounts.login,
      product: serviceApplications.product,
      createdAt: serviceApplications.createdAt,
    })
    .from(serviceApplications)
    .innerJoin(accounts, eq(accounts.id, serviceApplications.accountId))
    .where(eq(serviceApplications.status, 'pending'))
    .orderBy(asc(serviceApplications.id));
}
