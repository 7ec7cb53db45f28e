import type { DomainEntry, DomainGroup, Origin } from '../../../../src/contract/domain';
import type { OutboxEntry, OutboxState, Projected } from '../../../../src/store';
import { storedEntry } from '../../../support/outbox';

/** A UUID made from a number, so tests can name domains and groups briefly. */
export const uuid = (n: number, prefix = '0000') =>
  `${prefix.padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const origin = (address: string, level = 10): Origin => ({
  type: /^[\d.:]+$/.test(address) ? 'ip' : 'domain',
  address,
  port: 80,
  host: '',
  protocol: 'http',
  level,
  weight: 10,
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: '',
  url_match: '',
});

/** A domain as the server lists it. */
export function domainEntry(id: string, change: Partial<DomainEntry> = {}): DomainEntry {
  const name = change.domain ?? `d${id.slice(-4)}.example.com`;
  return {
    id,
    domain: name,
    service_type: 'web',
    area: '1',
    business_type: 'web',
    cname: `${name}.cdn.example.net`,
    group_id: null,
    status: 'active',
    special_config: false,
    origins: [origin('192.0.2.1')],
    copied_from: null,
    created_by: 'demo',
    created_at: '2026-01-10T08:00:00.000Z',
    updated_by: 'demo',
    updated_at: '2026-01-10T08:00:00.000Z',
    version: 1,
    ...change,
  };
}

export function group(id: string, name: string, change: Partial<DomainGroup> = {}): DomainGroup {
  return {
    id,
    name,
    deleted: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...change,
  };
}

/** One outbox entry of a domain command. */
export function outboxEntry(
  seq: number,
  name: string,
  aggregateId: string,
  payload: Record<string, unknown> = { id: aggregateId },
  state: OutboxState = 'queued',
  error?: OutboxEntry['error'],
): OutboxEntry {
  return storedEntry({
    seq,
    key: `client:${seq}`,
    actorId: 7,
    accountId: 7,
    name,
    kind: name.startsWith('domainGroup.') ? 'domainGroup' : 'domain',
    aggregateId,
    baseVersion: 1,
    schemaVersion: 1,
    payload,
    state,
    attempts: 0,
    createdAt: Date.parse('2026-02-01T00:00:00Z') + seq,
    madeOffline: false,
    ...(error ? { error } : {}),
  });
}

/** The server's state of a domain with no edit waiting. */
export const settled = (entry: DomainEntry): Projected<DomainEntry> => ({
  id: entry.id,
  state: entry,
  server: entry,
  version: entry.version,
  fetchedAt: 1,
  pending: [],
});
