import { api } from '../../../api';
import { sectionKinds } from '../../../contract/domain-config';
import type { Store } from '../../../store';

/** The key of the last read of a domain's configuration. */
export const configReadKey = (id: string) => `domainConfig:${id}`;

/**
 * Reads every section of a domain's configuration into the store (not with the domain list: a
 * domain's configuration is read when its detail opens), so it shows offline once read.
 */
export async function pullDomainConfig(store: Store, id: string): Promise<void> {
  const fetchedAt = Date.now();
  const config = await api.call('domainConfig', { id }, { quiet: true });
  await store.putAggregates(
    sectionKinds.map((kind) => ({ kind, id, version: config[kind].version, data: config[kind] })),
    { key: configReadKey(id), fetchedAt },
  );
}
