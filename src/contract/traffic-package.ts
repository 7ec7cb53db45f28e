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
