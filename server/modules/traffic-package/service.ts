import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Code } from '../../../src/contract';
import { statsOffsetMs } from '../../../src/contract/traffic-constants';
import {
  billingModes,
  packageRegions,
  packageStatus,
  trafficPackageListResult,
  type BillingMode,
  type PackageRegion,
  type TrafficPackage,
} from '../../../src/contract/traffic-package';
import type { Db, Executor } from '../../db/client';
import { packageAccounts, trafficPackages } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { findAccountByLogin } from '../account/service';
import { hourlyFlowByArea } from '../traffic/query';

type PackageRow = typeof trafficPackages.$inferSelect;
const hourMs = 3_600_000;
/** An hour is counted once its logs had this long to arrive after it ended. */
const settleMs = 5 * 60_000;

function entryOf(row: PackageRow, now: number): TrafficPackage {
  const { status, expiringSoon } = packageStatus(
    {
      effectiveAt: row.effectiveAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      totalBytes: row.totalBytes,
      usedBytes: row.usedBytes,
    },
    now,
  );
  return {
    id: row.id,
    type: 'flow',
    region: row.region as PackageRegion,
    total_bytes: row.totalBytes,
    used_bytes: Math.min(row.usedBytes, row.totalBytes),
    effective_at: row.effectiveAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status,
    expiring_soon: expiringSoon,
    granted_at: row.grantedAt.toISOString(),
  };
}

async function accountRow(db: Executor, accountId: number) {
  const [row] = await db.select().from(packageAccounts).where(eq(packageAccounts.accountId, accountId));
  return row;
}

/** The account's packages, newest first, with its billing mode and how far the usage is counted. */
export async function listPackages(db: Executor, accountId: number, now: Date) {
  const rows = await db
    .select()
    .from(trafficPackages)
    .where(eq(trafficPackages.accountId, accountId))
    .orderBy(desc(trafficPackages.grantedAt), desc(trafficPackages.id));
  const account = await accountRow(db, accountId);
  return {
    lists: rows.map((row) => entryOf(row, now.getTime())),
    billing_mode: (account?.billingMode ?? 'flow') as BillingMode,
    usage_until: account?.countedUntil?.toISOString() ?? null,
  };
}

export interface Grant {
  accountId: number;
  region: PackageRegion;
  totalBytes: number;
  effectiveAt: Date;
  expiresAt: Date;
}

/** Grants a package (the operator's `npm run admin -- package grant`); answers its id. */
export async function grantPackage(
  db: Executor,
  grant: Grant,
  now: Date,
  id = randomUUID(),
): Promise<string> {
  await db
    .insert(trafficPackages)
    .values({ id, type: 'flow', ...grant, grantedAt: now })
    .onConflictDoNothing();
  return id;
}

/** Sets the account's billing mode (the operator's `npm run admin -- billing-mode`). */
export async function setBillingMode(db: Executor, accountId: number, mode: BillingMode): Promise<void> {
  await db
    .insert(packageAccounts)
    .values({ accountId, billingMode: mode })
    .onConflictDoUpdate({ target: packageAccounts.accountId, set: { billingMode: mode } });
}

/**
 * Counts the account's flow of the hours not counted yet against its packages: each hour's
 * mainland flow goes to the mainland packages in effect then, then to the global ones; the rest of
 * the world's to the overseas ones, then the global ones; among them the one expiring first
 * first. What no package covers is billed as usual. An hour is counted once, five minutes after
 * it ended; the account's row is locked meanwhile, so server instances never count one twice.
 * Under bandwidth billing nothing is counted. Answers the hours counted.
 */
export async function countUsage(db: Db, accountId: number, now: Date): Promise<number> {
  const end = new Date(Math.floor((now.getTime() - settleMs) / hourMs) * hourMs);
  return db.transaction(async (tx) => {
    await tx.insert(packageAccounts).values({ accountId }).onConflictDoNothing();
    const [account] = await tx
      .select()
      .from(packageAccounts)
      .where(eq(packageAccounts.accountId, accountId))
      .for('update');
    if (!account || account.billingMode === 'bandwidth') return 0;
    let start = account.countedUntil;
    if (!start) {
      const [first] = await tx
        .select({ at: min(trafficPackages.effectiveAt) })
        .from(trafficPackages)
        .where(eq(trafficPackages.accountId, accountId));
      if (!first?.at) return 0;
      start = new Date(Math.floor(first.at.getTime() / hourMs) * hourMs);
    }
    if (start >= end) return 0;
    const packages = await tx
      .select()
      .from(trafficPackages)
      .where(
        and(
          eq(trafficPackages.accountId, accountId),
          gt(trafficPackages.expiresAt, start),
          lt(trafficPackages.effectiveAt, end),
        ),
      )
      .orderBy(asc(trafficPackages.expiresAt), asc(trafficPackages.id));
    const used = new Map(packages.map((p) => [p.id, p.usedBytes]));
    for (const hour of await hourlyFlowByArea(tx, accountId, start, end)) {
      const at = hour.at.getTime();
      const inEffect = packages.filter((p) => p.effectiveAt.getTime() <= at && at < p.expiresAt.getTime());
      for (const area of ['mainland', 'overseas'] as const) {
        let flow = hour[area];
        const order = [
          ...inEffect.filter((p) => p.region === area),
          ...inEffect.filter((p) => p.region === 'global'),
        ];
        for (const p of order) {
          if (flow <= 0) break;
          const take = Math.min(flow, p.totalBytes - used.get(p.id)!);
          if (take <= 0) continue;
          used.set(p.id, used.get(p.id)! + take);
          flow -= take;
        }
      }
    }
    for (const p of packages)
      if (used.get(p.id) !== p.usedBytes)
        await tx
          .update(trafficPackages)
          .set({ usedBytes: used.get(p.id)! })
          .where(eq(trafficPackages.id, p.id));
    await tx
      .update(packageAccounts)
      .set({ countedUntil: end })
      .where(eq(packageAccounts.accountId, accountId));
    return Math.round((end.getTime() - start.getTime()) / hourMs);
  });
}

/** Counts the usage of every account with a package still in effect or to come (hourly). */
export async function countAllUsage(db: Db, now: Date): Promise<void> {
  const accounts = await db
    .selectDistinct({ accountId: trafficPackages.accountId })
    .from(trafficPackages)
    .where(gt(trafficPackages.expiresAt, sql`${new Date(now.getTime() - 2 * hourMs)}`));
  for (const { accountId } of accounts) await countUsage(db, accountId, now);
}

const units: Record<string, number> = { GB: 1e9, TB: 1e12, PB: 1e15 };

/** A size as the operator types it: `500GB`, `2TB`, `1.5PB` (decimal units, as flow is billed). */
export const packageSize = z
  .string()
  .regex(/^\d+(\.\d+)?(GB|TB|PB)$/i, 'package.size')
  .transform((text) => {
    const unit = text.slice(-2).toUpperCase();
    return Math.round(Number(text.slice(0, -2)) * units[unit]!);
  });

/** What the operator asks (`npm run admin -- package ...`). */
export const packageAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('grant'),
    login: z.string().min(1),
    size: packageSize,
    region: z.enum(packageRegions),
    /** Days it lasts from its effective day. */
    days: z.coerce.number().int().min(1).max(3650),
    /** The day it takes effect (YYYY-MM-DD, UTC+8); today when absent. */
    effective: z.iso.date().optional(),
  }),
  z.object({ action: z.literal('billing'), login: z.string().min(1), mode: z.enum(billingModes) }),
  z.object({ action: z.literal('list'), login: z.string().min(1) }),
]);

export const packageActionResult = trafficPackageListResult;

/** Carries out an operator's action on an account's packages: its packages after it. 40401 unknown login. */
export async function runPackageAction(db: Db, action: z.output<typeof packageAction>, now: Date) {
  const account = await findAccountByLogin(db, action.login);
  if (!account) throw new AppError(Code.notFound, 'common.notFound');
  if (action.action === 'grant') {
    const day = action.effective ?? new Date(now.getTime() + statsOffsetMs).toISOString().slice(0, 10);
    // The effective day starts at 00:00 in UTC+8 (the statistics' days).
    const effectiveAt = new Date(Date.parse(`${day}T00:00:00Z`) - statsOffsetMs);
    const expiresAt = new Date(effectiveAt.getTime() + action.days * 86_400_000);
    await grantPackage(
      db,
      { accountId: account.id, region: action.region, totalBytes: action.size, effectiveAt, expiresAt },
      now,
    );
  }
  if (action.action === 'billing') await setBillingMode(db, account.id, action.mode);
  return listPackages(db, account.id, now);
}
