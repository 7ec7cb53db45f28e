import { z } from 'zod';

/**
 * Traffic packages (spec §2 /cdn/traffic-package, §3, §9): flow bought ahead, granted by the
 * operator, used up by the account's flow hour by hour (the package expiring first first), its
 * remaining amount refreshed hourly and possibly lagging. Not usable under bandwidth billing.
 */

/** Where a package's flow counts: the Chinese mainland, the rest of the world, or anywhere. */
export const packageRegions = ['mainland', 'overseas', 'global'] as const;
export type PackageRegion = (typeof packageRegions)[number];

export const packageStatuses = ['notEffective', 'active', 'usedUp', 'expired'] as const;
export type PackageStatus = (typeof packageStatuses)[number];

/** The account's billing mode (spec §9): flow packages are not usable under bandwidth billing. */
export const billingModes = ['flow', 'bandwidth', 'requests'] as const;
export type BillingMode = (typeof billingModes)[number];

/**
 * How the month's usage is billed (spec §9's billing types), each of one billing mode:
 * - flow: `traffic` (the month's bytes);
 * - bandwidth, from the 5-minute bandwidth points of the month (UTC+8): `bandwidth_p95` (the 95th
 *   percentile), `bandwidth_fourth_peak` (the fourth highest daily peak), `bandwidth_peak` (the
 *   highest point), `bandwidth_mean` (the mean of the points), `daily_peak_mean` (the mean of the
 *   daily peaks), `daily_p95_mean` (the mean of the daily 95th percentiles), `daily_peak` (billed
 *   day by day at the day's peak: today's);
 * - requests: `requests` (the month's requests), `pv` (the month's page views).
 */
export const billingTypesOf = {
  flow: ['traffic'],
  bandwidth: [
    'bandwidth_p95',
    'bandwidth_fourth_peak',
    'bandwidth_peak',
    'bandwidth_mean',
    'daily_peak_mean',
    'daily_p95_mean',
    'daily_peak',
  ],
  requests: ['requests', 'pv'],
} as const satisfies Record<BillingMode, readonly [string, ...string[]]>;
export type BillingType = (typeof billingTypesOf)[BillingMode][number];
/** Every billing type, mode by mode. */
export const billingTypes = billingModes.flatMap((mode) => billingTypesOf[mode]) as unknown as readonly [
  BillingType,
  ...BillingType[],
];

/** The billing type in force: the one set if it belongs to the mode, else the mode's default. */
export function billingTypeOf(mode: BillingMode, type: string | null | undefined): BillingType {
  const types: readonly BillingType[] = billingTypesOf[mode];
  return types.find((t) => t === type) ?? billingTypesOf[mode][0];
}

/** The account's billing this month so far (spec §2 dashboard: current-month billing value). */
export const billingSummaryResult = z.object({
  billing_mode: z.enum(billingModes),
  billing_type: z.enum(billingTypes),
  /** The month billed, YYYY-MM (UTC+8). */
  month: z.string(),
  /** The billed quantity so far: bytes, bits per second or a count, by `unit`. */
  value: z.number(),
  unit: z.enum(['bytes', 'bps', 'count']),
  /** The usage is counted up to this time. */
  until: z.string(),
});
export type BillingSummary = z.infer<typeof billingSummaryResult>;

/** Days before its expiry from which an active package is "expiring soon" (spec §9: under 5 days). */
export const packageExpiringDays = 5;

export const trafficPackage = z.object({
  id: z.string(),
  /** spec §3 "type": flow packages only. */
  type: z.enum(['flow']),
  region: z.enum(packageRegions),
  total_bytes: z.number().int(),
  used_bytes: z.number().int(),
  effective_at: z.string(),
  expires_at: z.string(),
  status: z.enum(packageStatuses),
  /** Active with less than `packageExpiringDays` days left. */
  expiring_soon: z.boolean(),
  granted_at: z.string(),
});
export type TrafficPackage = z.infer<typeof trafficPackage>;

export const trafficPackageListResult = z.object({
  /** Newest first. */
  lists: z.array(trafficPackage),
  billing_mode: z.enum(billingModes),
  billing_type: z.enum(billingTypes),
  /** The packages' usage counts the account's flow up to this time (hourly, so it may lag); null before the first count. */
  usage_until: z.string().nullable(),
});

/** A package's state at `now` from its times and usage. */
export function packageStatus(
  p: { effectiveAt: number; expiresAt: number; totalBytes: number; usedBytes: number },
  now: number,
): { status: PackageStatus; expiringSoon: boolean } {
  if (now >= p.expiresAt) return { status: 'expired', expiringSoon: false };
  if (now < p.effectiveAt) return { status: 'notEffective', expiringSoon: false };
  if (p.usedBytes >= p.totalBytes) return { status: 'usedUp', expiringSoon: false };
  return { status: 'active', expiringSoon: p.expiresAt - now < packageExpiringDays * 86_400_000 };
}
