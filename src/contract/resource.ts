import { z } from 'zod';
import { certLimits } from './cert';
import { contentQuotaResult } from './content';
import { limits } from './limits';

/**
 * The account's resources (spec §2 /cdn/resource-config): each quota the server enforces and how
 * much of it the account uses, and today's refresh and prefetch quotas.
 */
export const resourceKinds = [
  'domains',
  'domainGroups',
  'certificates',
  'ipBans',
  'subAccounts',
  'tokens',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/** The quota of each resource, as the server enforces it. */
export const resourceMax: Record<ResourceKind, number> = {
  domains: limits.domain.perAccount,
  domainGroups: limits.domain.groupsMax,
  certificates: certLimits.perAccount,
  ipBans: limits.ipBan.entriesMax,
  subAccounts: limits.subAccountsMax,
  tokens: limits.tokensMax,
};

export const resourceUse = z.object({
  kind: z.enum(resourceKinds),
  used: z.number().int(),
  max: z.number().int(),
});
export type ResourceUse = z.infer<typeof resourceUse>;

export const resourceQuotaResult = z.object({
  /** Every kind of `resourceKinds`, in that order. */
  resources: z.array(resourceUse),
  /** Today's refresh and prefetch (days in UTC+8). */
  content: contentQuotaResult,
});
export type ResourceQuota = z.infer<typeof resourceQuotaResult>;
