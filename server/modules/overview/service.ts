import { and, asc, eq, ne } from 'drizzle-orm';
import type { DomainSummary } from '../../../src/contract';
import type { Db } from '../../db/client';
import { domains } from '../../db/schema';

export type Domain = typeof domains.$inferSelect;

/** `www.example.com` → `www-example-com.<suffix>`; a wildcard label becomes `wildcard`. */
export function cnameFor(name: string, suffix: string): string {
  return `${name.toLowerCase().replace(/^\*\./, 'wildcard.').replace(/\./g, '-')}.${suffix}`;
}

export interface NewDomain {
  accountId: number;
  name: string;
  serviceType: string;
  area: string;
  businessType: string;
  status: string;
}

export async function createDomain(db: Db, input: NewDomain, cnameSuffix: string): Promise<Domain> {
  const [row] = await db
    .insert(domains)
    .values({ ...input, name: input.name.toLowerCase(), cname: cnameFor(input.name, cnameSuffix) })
    .returning();
  if (!row) throw new Error('domain insert returned nothing');
  return row;
}

/** The account's domains that still count: deleted domains are left out of every overview figure. */
export async function domainsOf(db: Db, accountId: number): Promise<Domain[]> {
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted')))
    .orderBy(asc(domains.id));
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
