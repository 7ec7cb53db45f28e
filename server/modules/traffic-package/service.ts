import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Code } from '../../../src/contract';
import { statsDayStart, statsOffsetMs } from '../../../src/contract/traffic-constants';
import {
  billingModes,
  billingTypeOf,
  billingTypes,
  packageRegions,
  packageStatus,
  trafficPackageListResult,
  type BillingMode,
  type BillingSummary,
  type BillingType,
  type PackageRegion,
  type TrafficPackage,
} from '../../../src/contract/traffic-package';
import type { Db, Executor } from '../../db/client';
import { packageAccounts, trafficPackages } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { findAccountByLogin } from '../account/service';
import { bpsOf, hourlyFlowByArea, percentile, readColumns, scopeOf } from '../traffic/query';
import type { IdScope } from '../user/scope';

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
    ...billingOfRow(account),
    usage_until: account?.countedUntil?.toISOString() ?? null,
  };
}

/** The billing mode and type of an account's row (traffic billing when it has none). */
function billingOfRow(row: { billingMode: string; billingType: string | null } | undefined) {
  const mode = billingModes.find((m) => m === row?.billingMode) ?? 'flow';
  return { billing_mode: mode, billing_type: billingTypeOf(mode, row?.billingType) };
}

/** The account's billing mode and billing type in force. */
export async function billingOf(
  db: Executor,
  accountId: number,
): Promise<{ billing_mode: BillingMode; billing_type: BillingType }> {
  return billingOfRow(await accountRow(db, accountId));
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

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The month's billed quantity so far (spec §2 dashboard, §9 billing types), from the 5-minute
 * points of the month in UTC+8 up to `now`, of the domains the caller reaches (`granted`).
 */
export async function billingSummary(
  db: Db,
  accountId: number,
  granted: IdScope,
  now: Date,
): Promise<BillingSummary> {
  const { billing_mode, billing_type } = await billingOf(db, accountId);
  const at = now.getTime();
  const month = new Date(at + statsOffsetMs).toISOString().slice(0, 7);
  const start = Date.parse(`${month}-01T00:00:00Z`) - statsOffsetMs;
  const scope = await scopeOf(db, accountId, { all: true, domain_ids: [] }, granted);
  const points = await readColumns(db, scope, { start, end: at }, 5);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const answer = (value: number, unit: BillingSummary['unit']): BillingSummary => ({
    billing_mode,
    billing_type,
    month,
    value,
    unit,
    until: now.toISOString(),
  });
  if (billing_type === 'traffic') return answer(sum(points.bytes), 'bytes');
  if (billing_type === 'requests') return answer(sum(points.requests), 'count');
  if (billing_type === 'pv') return answer(sum(points.pv), 'count');
  const bps = points.bytes.map((bytes) => bpsOf(bytes, 5));
  const days = new Map<number, number[]>();
  points.at.forEach((pointAt, i) => {
    const day = statsDayStart(pointAt);
    let values = days.get(day);
    if (!values) days.set(day, (values = []));
    values.push(bps[i]!);
  });
  const dailyPeaks = [...days.values()].map((values) => Math.max(0, ...values));
  const byType: Record<Exclude<BillingType, 'traffic' | 'requests' | 'pv'>, () => number> = {
    bandwidth_p95: () => percentile(bps, 95),
    // The fourth highest day of the month; the lowest of the days so far before the fourth.
    bandwidth_fourth_peak: () =>
      [...dailyPeaks].sort((a, b) => b - a)[Math.min(3, dailyPeaks.length - 1)] ?? 0,
    bandwidth_peak: () => Math.max(0, ...bps),
    bandwidth_mean: () => mean(bps),
    daily_peak_mean: () => mean(dailyPeaks),
    daily_p95_mean: () => mean([...days.values()].map((values) => percentile(values, 95))),
    daily_peak: () => dailyPeaks.at(-1) ?? 0,
  };
  return answer(byType[billing_type](), 'bps');
}

/**
 * Sets the account's billing mode and type (the operator's `npm run admin -- package billing`);
 * without a type, the mode's default. 40001 for a type of another mode.
 */
export async function setBillingMode(
  db: Executor,
  accountId: number,
  mode: BillingMode,
  type?: BillingType,
): Promise<void> {
  if (type !== undefined && billingTypeOf(mode, type) !== type)
    throw new AppError(Code.invalidRequest, 'package.billing.typeOfMode');
  const billingType = billingTypeOf(mode, type);
  await db
    .insert(packageAccounts)
    .values({ accountId, billingMode: mode, billingType })
    .onConflictDoUpdate({ target: packageAccounts.accountId, set: { billingMode: mode, billingType } });
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
  z.object({
    action: z.literal('billing'),
    login: z.string().min(1),
    mode: z.enum(billingModes),
    type: z.enum(billingTypes).optional(),
  }),
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
  if (action.action === 'billing') await setBillingMode(db, account.id, action.mode, action.type);
  return listPackages(db, account.id, now);
}
