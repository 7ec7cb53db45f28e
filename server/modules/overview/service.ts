import { and, asc, eq } from 'drizzle-orm';
import type { DomainSummary } from '../../../src/contract';
import type { Db } from '../../db/client';
import { domains } from '../../db/schema';
import { live } from '../domain/service';

/** The CNAME rule lives with the domains (`../domain/service`); re-exported for existing callers. */
export { cnameFor } from '../domain/service';

const summaryColumns = {
  id: domains.id,
  name: domains.name,
  status: domains.status,
  serviceType: domains.serviceType,
  area: domains.area,
  cname: domains.cname,
  createdAt: domains.createdAt,
};

/** What the overview reads of a domain. */
export type Domain = Pick<typeof domains.$inferSelect, keyof typeof summaryColumns>;

/** The account's domains that still count: deleted domains are left out of every overview figure. */
export async function domainsOf(db: Db, accountId: number): Promise<Domain[]> {
  return db
    .select(summaryColumns)
    .from(domains)
    .where(and(eq(domains.accountId, accountId), live))
    .orderBy(asc(domains.createdAt), asc(domains.id));
}

export const summaryOf = (d: Domain): DomainSummary => ({
  id: d.id,
  domain: d.name,
  status: d.status,
  service_type: d.serviceType,
  area: d.area,
  cname: d.cname,
  created_at: d.createdAt.toISOString(),
});

/** Service types of the account's (not deleted) domains with their counts. */
export function countByServiceType(list: readonly Domain[]): { type: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const d of list)
    if (d.status !== 'deleted') counts.set(d.serviceType, (counts.get(d.serviceType) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

export function countByStatus(list: readonly Domain[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of list) counts[d.status] = (counts[d.status] ?? 0) + 1;
  return counts;
}
