import {
  defaultSection,
  sectionKinds,
  type SectionKind,
  type SectionState,
} from '../../../src/contract/domain-config';
import { documentsByField, loadDocuments } from '../../aggregates/documents';
import { and, eq, inArray } from 'drizzle-orm';
import { domains } from '../../db/schema';
import type { DomainStatus } from '../../../src/contract/rules/domain';
import type { Executor } from '../../db/client';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored section over its defaults, objects one level down included: a field added to a
 * section's part later (the lists' allow-empty flag) reads as its default in a document kept before.
 */
function overDefaults(
  defaults: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults, ...data };
  for (const [key, value] of Object.entries(defaults))
    if (isPlainObject(value) && isPlainObject(data[key])) merged[key] = { ...value, ...data[key] };
  return merged;
}

/** Every section of a domain from its stored documents: each as stored, or its defaults at version 0. */
export function sectionsFrom(
  id: string,
  stored: ReadonlyMap<string, { version: number; data: Record<string, unknown> }> | undefined,
): { [K in SectionKind]: SectionState<K> } {
  return Object.fromEntries(
    sectionKinds.map((kind) => {
      const document = stored?.get(kind);
      return [
        kind,
        document
          ? { ...overDefaults(defaultSection(kind, id), document.data), id, version: document.version }
          : defaultSection(kind, id),
      ];
    }),
  ) as { [K in SectionKind]: SectionState<K> };
}

/** Every section of a domain: as stored, or its defaults at version 0 when never set. */
export async function domainConfig(
  db: Executor,
  accountId: number,
  id: string,
): Promise<{ [K in SectionKind]: SectionState<K> }> {
  return sectionsFrom(id, await loadDocuments(db, accountId, sectionKinds, id));
}

/** A domain whose HTTPS section serves a certificate. */
export interface CertificateUser {
  certificateId: string;
  id: string;
  domain: string;
  status: DomainStatus;
}

/**
 * The domains, deleted ones left out, whose HTTPS section serves one of these certificates (every
 * certificate of the account when omitted): the certificates' associated domains.
 */
export async function certificateUsers(
  db: Executor,
  accountId: number,
  certificateIds?: readonly string[],
): Promise<CertificateUser[]> {
  const links = await documentsByField(db, accountId, 'domainHttps', 'certificate_id', certificateIds);
  if (links.length === 0) return [];
  const certOf = new Map(links.map((link) => [link.id, link.value]));
  const rows = await db
    .select({ id: domains.id, domain: domains.name, status: domains.status })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), inArray(domains.id, [...certOf.keys()])));
  return rows
    .filter((row) => row.status !== 'deleted')
    .map((row) => ({ certificateId: certOf.get(row.id) ?? '', ...row }))
    .sort((a, b) => a.domain.localeCompare(b.domain));
}
