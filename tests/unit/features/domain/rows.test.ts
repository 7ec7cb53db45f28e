import { describe, expect, it } from 'vitest';
import type { DomainEntry, DomainGroup } from '../../../../src/contract/domain';
import { domainFold, domainGroupFold } from '../../../../src/features/domain/fold';
import {
  countByGroup,
  liveGroups,
  primaryOriginOf,
  toRows,
  viewOf,
  type DomainRow,
} from '../../../../src/features/domain/rows';
import { project, type SnapshotRow } from '../../../../src/store';
import { domainEntry, group, origin, outboxEntry, settled, uuid } from './list-fixtures';

const g1 = uuid(1, 'a');
const g2 = uuid(2, 'a');
const gone = uuid(3, 'a');
const groups: DomainGroup[] = [group(g1, 'Shop'), group(g2, 'Blog')];

const snapshot = (data: DomainEntry | DomainGroup, kind = 'domain'): SnapshotRow => ({
  kind,
  id: data.id,
  version: data.version,
  data,
  fetchedAt: 1,
});

/** A small account: names, states, groups, types, areas and times that the filters tell apart. */
function sample(): DomainRow[] {
  const entries = [
    domainEntry(uuid(1), { domain: 'www.shop.com', group_id: g1, created_at: '2026-01-01T00:00:00Z' }),
    domainEntry(uuid(2), {
      domain: 'img.shop.com',
      group_id: g1,
      status: 'hung_up',
      service_type: 'download',
      created_at: '2026-01-03T00:00:00Z',
    }),
    domainEntry(uuid(3), {
      domain: 'blog.example.org',
      group_id: g2,
      area: '2',
      created_at: '2026-01-02T00:00:00Z',
    }),
    domainEntry(uuid(4), { domain: 'api.example.org', created_at: '2026-01-04T00:00:00Z' }),
    // In a group deleted meanwhile: counts as in no group.
    domainEntry(uuid(5), { domain: 'old.example.net', group_id: gone, created_at: '2026-01-05T00:00:00Z' }),
    domainEntry(uuid(6), { domain: 'gone.example.net', status: 'deleted' }),
  ];
  return toRows(entries.map(settled), groups);
}

const names = (rows: readonly DomainRow[]) => rows.map((row) => row.entry.domain);

describe('toRows', () => {
  it('leaves deleted domains out and names the group, null for none or a group that is gone', () => {
    const rows = sample();
    expect(names(rows)).not.toContain('gone.example.net');
    const byName = new Map(rows.map((row) => [row.entry.domain, row]));
    expect(byName.get('www.shop.com')?.groupName).toBe('Shop');
    expect(byName.get('api.example.org')?.groupName).toBeNull();
    expect(byName.get('old.example.net')?.groupName).toBeNull();
  });

  it('shows a domain created on this device with its pending state and the time it was queued', () => {
    const id = uuid(9);
    const created = outboxEntry(1, 'domain.create', id, {
      id,
      domain: 'new.example.com',
      service_type: 'web',
      area: '1',
      business_type: 'web',
      origins: [origin('198.51.100.2')],
      group_id: null,
    });
    const [row] = toRows(project<DomainEntry>([], [created], 'domain', domainFold), groups);
    expect(row?.entry.domain).toBe('new.example.com');
    expect(row?.entry.cname).toBe('');
    expect(row?.pendingState).toBe('queued');
    expect(row?.createdAt).toBe(created.createdAt);
  });

  it('folds a queued deletion out of the list and marks a refused edit', () => {
    const a = domainEntry(uuid(1));
    const b = domainEntry(uuid(2));
    const outbox = [
      outboxEntry(1, 'domain.delete', a.id),
      outboxEntry(2, 'domain.hangUp', b.id, { id: b.id }, 'rejected', { code: 40001, msg: 'No', data: {} }),
    ];
    const rows = toRows(project<DomainEntry>([snapshot(a), snapshot(b)], outbox, 'domain', domainFold), []);
    expect(rows.map((row) => row.id)).toEqual([b.id]);
    expect(rows[0]?.pendingState).toBe('rejected');
    expect(rows[0]?.entry.status).toBe('hung_up');
  });
});

describe('primaryOriginOf', () => {
  it('takes the first origin of the smallest level and counts the others', () => {
    const entry = domainEntry(uuid(1), {
      origins: [origin('backup.example.com', 20), origin('192.0.2.9', 10), origin('192.0.2.10', 10)],
    });
    expect(primaryOriginOf(entry)).toEqual({ address: '192.0.2.9', more: 2 });
    expect(primaryOriginOf(domainEntry(uuid(2), { origins: [] }))).toEqual({ address: '', more: 0 });
  });
});

describe('liveGroups', () => {
  it('includes groups created on this device, leaves deleted ones out, sorts by name', () => {
    const created = outboxEntry(1, 'domainGroup.create', uuid(7, 'a'), { id: uuid(7, 'a'), name: ' Apps ' });
    const deleted = outboxEntry(2, 'domainGroup.delete', g2, { id: g2 });
    const projected = project<DomainGroup>(
      [snapshot(groups[0]!, 'domainGroup'), snapshot(groups[1]!, 'domainGroup')],
      [created, deleted],
      'domainGroup',
      domainGroupFold,
    );
    expect(liveGroups(projected).map((g) => g.name)).toEqual(['Apps', 'Shop']);
  });
});

describe('viewOf', () => {
  const rows = sample();

  it('without filters lists every live domain, newest first', () => {
    expect(names(viewOf(rows, {}))).toEqual([
      'old.example.net',
      'api.example.org',
      'img.shop.com',
      'blog.example.org',
      'www.shop.com',
    ]);
  });

  it.each([
    [{ keyword: 'shop' }, ['img.shop.com', 'www.shop.com']],
    [{ keyword: '  SHOP ' }, ['img.shop.com', 'www.shop.com']],
    [{ keyword: 'nothing' }, []],
    [{ status: 'hung_up' as const }, ['img.shop.com']],
    [{ status: 'active' as const, keyword: 'shop' }, ['www.shop.com']],
    [{ group: g1 }, ['img.shop.com', 'www.shop.com']],
    [{ group: g2 }, ['blog.example.org']],
    [{ group: 'none' }, ['old.example.net', 'api.example.org']],
    [{ type: 'download' }, ['img.shop.com']],
    [{ area: '2' }, ['blog.example.org']],
    [{ group: g1, type: 'web' }, ['www.shop.com']],
  ])('filters by %o', (search, expected) => {
    expect(names(viewOf(rows, search))).toEqual(expected);
  });

  it('does not list a deleted group as one: its id still filters its dangling domains', () => {
    expect(names(viewOf(rows, { group: gone }))).toEqual(['old.example.net']);
  });

  it.each([
    [
      'oldest' as const,
      ['www.shop.com', 'blog.example.org', 'img.shop.com', 'api.example.org', 'old.example.net'],
    ],
    [
      'name' as const,
      ['api.example.org', 'blog.example.org', 'img.shop.com', 'old.example.net', 'www.shop.com'],
    ],
    [
      'name-desc' as const,
      ['www.shop.com', 'old.example.net', 'img.shop.com', 'blog.example.org', 'api.example.org'],
    ],
  ])('sorts %s', (sort, expected) => {
    expect(names(viewOf(rows, { sort }))).toEqual(expected);
  });

  it('breaks ties of the creation time by name', () => {
    const same = '2026-01-01T00:00:00Z';
    const tied = toRows(
      [
        domainEntry(uuid(1), { domain: 'b.example.com', created_at: same }),
        domainEntry(uuid(2), { domain: 'a.example.com', created_at: same }),
      ].map(settled),
      [],
    );
    expect(names(viewOf(tied, {}))).toEqual(['a.example.com', 'b.example.com']);
    expect(names(viewOf(tied, { sort: 'oldest' }))).toEqual(['a.example.com', 'b.example.com']);
  });

  it('does not change the rows it is given', () => {
    const before = names(rows);
    viewOf(rows, { sort: 'name' });
    expect(names(rows)).toEqual(before);
  });

  it('filters the already sorted rows to the same view as the unsorted ones (the screen sorts once)', () => {
    const search = { keyword: 'example', sort: 'name' as const };
    expect(names(viewOf(viewOf(rows, { sort: 'name' }), search))).toEqual(names(viewOf(rows, search)));
  });

  it('handles 10,000 domains', () => {
    const many = toRows(
      Array.from({ length: 10_000 }, (_, i) =>
        settled(
          domainEntry(uuid(i + 1), {
            domain: `site${String(i).padStart(5, '0')}.example.com`,
            group_id: i % 3 === 0 ? g1 : null,
            status: i % 10 === 0 ? 'hung_up' : 'active',
            created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
          }),
        ),
      ),
      groups,
    );
    const all = viewOf(many, {});
    expect(all).toHaveLength(10_000);
    expect(all[0]?.entry.domain).toBe('site09999.example.com');
    const some = viewOf(many, { keyword: 'site0999', group: g1, status: 'hung_up', sort: 'name' });
    expect(names(some)).toEqual(['site09990.example.com']);
    const counts = countByGroup(many);
    expect(counts.get(g1)).toBe(3334);
    expect(counts.get('none')).toBe(6666);
  });
});

describe('countByGroup', () => {
  it('counts per group, with the domains of a deleted group under none', () => {
    const counts = countByGroup(sample());
    expect(Object.fromEntries(counts)).toEqual({ [g1]: 2, [g2]: 1, none: 2 });
  });
});
