import {
  resourceKinds,
  resourceMax,
  type ResourceKind,
  type ResourceQuota,
} from '../../../src/contract/resource';
import type { Executor } from '../../db/client';
import { subAccountsOf } from '../account/service';
import { certificateCount } from '../cert/service';
import { quotaOf } from '../content/service';
import { domainCounts } from '../domain/service';
import { countInForce } from '../ip-ban/service';
import { tokenCount } from '../token/service';

/**
 * What the account uses of each quota, counted by the module that enforces it: domains and groups
 * not deleted, certificates, bans in force, the main account's sub-accounts and tokens.
 */
export async function resourceQuota(db: Executor, accountId: number, now: Date): Promise<ResourceQuota> {
  const { domains, groups } = await domainCounts(db, accountId);
  const used: Record<ResourceKind, number> = {
    domains,
    domainGroups: groups,
    certificates: await certificateCount(db, accountId),
    ipBans: await countInForce(db, accountId, now),
    subAccounts: (await subAccountsOf(db, accountId)).length,
    tokens: await tokenCount(db, accountId),
  };
  return {
    resources: resourceKinds.map((kind) => ({ kind, used: used[kind], max: resourceMax[kind] })),
    content: await quotaOf(db, accountId, now),
  };
}
