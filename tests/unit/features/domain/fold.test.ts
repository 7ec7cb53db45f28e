import { describe, expect, it } from 'vitest';
import type { DomainEntry, DomainGroup } from '../../../../src/contract/domain';
import { domainFold, domainGroupFold } from '../../../../src/features/domain/fold';

const id = '0b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f';
const source = '1b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f';
const copy = '2b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f';
const group = '3b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f';
const origin = {
  type: 'ip' as const,
  address: '192.0.2.10',
  port: 80,
  host: '',
  protocol: 'http' as const,
  level: 10,
  weight: 10,
  carrier: 'default' as const,
  ip_type: 'all' as const,
  region: 'all' as const,
  sm_crypto: false,
  header_match: '',
  url_match: '',
};
const server: DomainEntry = {
  id,
  domain: 'www.example.com',
  service_type: 'web',
  area: '1',
  business_type: 'web',
  cname: 'www-example-com.cdn.example.net',
  group_id: null,
  status: 'active',
  special_config: false,
  origins: [origin],
  copied_from: null,
  created_by: 'demo',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_by: 'demo',
  updated_at: '2026-11-01T00:00:00.000Z',
  version: 1,
};

describe('domain fold', () => {
  it('predicts a new domain without CNAME or version', () => {
    const created = domainFold(undefined, {
      name: 'domain.create',
      payload: {
        id,
        domain: 'new.example.com',
        service_type: 'web',
        area: '2',
        business_type: 'image',
        origins: [origin],
        group_id: null,
      },
    });
    expect(created).toMatchObject({
      id,
      domain: 'new.example.com',
      status: 'active',
      cname: '',
      version: 0,
      area: '2',
    });
  });

  it('marks a copy with its source', () => {
    const copied = domainFold(undefined, {
      name: 'domain.copyConfig',
      payload: {
        id,
        domain: 'copy.example.com',
        service_type: 'web',
        area: '1',
        business_type: 'web',
        origins: [origin],
        group_id: null,
        source_id: source,
        copy_id: copy,
        contents: ['basic'],
      },
    });
    expect(copied?.copied_from).toBe(source);
  });

  it('follows the lifecycle', () => {
    const hung = domainFold(server, { name: 'domain.hangUp', payload: { id } });
    expect(hung?.status).toBe('hung_up');
    expect(domainFold(hung, { name: 'domain.recover', payload: { id } })?.status).toBe('active');
    expect(domainFold(server, { name: 'domain.delete', payload: { id } })?.status).toBe('deleted');
    const renamed = domainFold(server, {
      name: 'domain.rename',
      payload: { id, domain: 'shop.example.com' },
    });
    expect(renamed).toMatchObject({ domain: 'shop.example.com', cname: '' });
    expect(domainFold(server, { name: 'domain.move', payload: { id, group_id: group } })?.group_id).toBe(
      group,
    );
  });

  it('ignores an action on a domain it does not know, and unknown commands', () => {
    expect(domainFold(undefined, { name: 'domain.hangUp', payload: { id } })).toBeUndefined();
    expect(domainFold(server, { name: 'other', payload: null })).toBe(server);
  });

  it('folds groups', () => {
    const group = domainGroupFold(undefined, { name: 'domainGroup.create', payload: { id, name: ' Shop ' } });
    expect(group).toMatchObject({ id, name: 'Shop', deleted: false, version: 0 });
    const renamed = domainGroupFold(group as DomainGroup, {
      name: 'domainGroup.rename',
      payload: { id, name: 'Web' },
    });
    expect(renamed?.name).toBe('Web');
    expect(domainGroupFold(renamed, { name: 'domainGroup.delete', payload: { id } })?.deleted).toBe(true);
  });
});
