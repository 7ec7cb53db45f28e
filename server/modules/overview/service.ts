import type { DomainSummary } from '../../../src/contract';
import type { DomainSummaryRow as Domain } from '../domain/service';

export { domainSummaries as domainsOf } from '../domain/service';
export type { Domain };

/** The CNAME rule lives with the domains (`../domain/service`); re-exported for existing callers. */
export { cnameFor } from '../domain/service';

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
