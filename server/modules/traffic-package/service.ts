import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import {
  packageStatus,
  type BillingMode,
  type PackageRegion,
  type TrafficPackage,
} from '../../../src/contract/traffic-package';
import type { Db, Executor } from '../../db/client';
import { packageAccounts, trafficPackages } from '../../db/schema';
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
