import { describe, expect, it } from 'vitest';
import { project, type OutboxEntry, type SnapshotRow } from '../../../../src/store';
import { ipBanFold } from '../../../../src/features/ip-ban/fold';
import { entry } from './fixtures';
import { storedEntry } from '../../../support/outbox';

const ban = (cidr: string, reason = '', expires_at: string | null = null) => ({
  name: 'ipBan.ban',
  payload: { cidr, reason, expires_at },
});

describe('the IP-ban fold', () => {
  it('makes a new entry from a ban, with no creator, creation time or version yet', () => {
    expect(ipBanFold(undefined, ban('2001:db8::/48', 'scraping', '2030-01-01T00:00:00.000Z'))).toEqual({
      id: '2001:db8::/48',
      family: 6,
      reason: 'scraping',
      expires_at: '2030-01-01T00:00:00.000Z',
      status: 'banned',
      created_by: '',
      created_at: '',
      updated_by: '',
      updated_at: '',
      version: 0,
    });
    expect(ipBanFold(undefined, ban('192.0.2.1'))?.family).toBe(4);
  });

  it('bans an unbanned entry again, keeping who created it and when', () => {
    const before = entry('192.0.2.1', {
      status: 'unbanned',
      reason: 'old',
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(ipBanFold(before, ban('192.0.2.1', 'again'))).toEqual({
      ...before,
      status: 'banned',
      reason: 'again',
      expires_at: null,
    });
  });

  it('changes the reason and expiry of an entry, and nothing of a missing one', () => {
    const before = entry('192.0.2.0/24', { reason: 'old' });
    const change = {
      name: 'ipBan.update',
      payload: { cidr: '192.0.2.0/24', reason: 'new', expires_at: null },
    };
    expect(ipBanFold(before, change)).toEqual({ ...before, reason: 'new' });
    expect(
      ipBanFold(before, { ...change, payload: { ...change.payload, expires_at: '2031-01-01T00:00:00Z' } })
        ?.expires_at,
    ).toBe('2031-01-01T00:00:00Z');
    expect(ipBanFold(undefined, change)).toBeUndefined();
  });

  it('unbans an entry', () => {
    const before = entry('192.0.2.1');
    expect(ipBanFold(before, { name: 'ipBan.unban', payload: { cidr: '192.0.2.1' } })).toEqual({
      ...before,
      status: 'unbanned',
    });
    expect(ipBanFold(undefined, { name: 'ipBan.unban', payload: { cidr: '192.0.2.1' } })).toBeUndefined();
  });

  it('ignores commands of other kinds and malformed payloads', () => {
    const before = entry('192.0.2.1');
    expect(ipBanFold(before, { name: 'domain.hangUp', payload: {} })).toBe(before);
    expect(ipBanFold(undefined, { name: 'ipBan.ban', payload: null })).toBeUndefined();
  });

  it('projects the server list with the pending commands folded over it, in order', () => {
    const snapshots: SnapshotRow[] = [
      { kind: 'ipBan', id: '192.0.2.1', version: 3, data: entry('192.0.2.1', { version: 3 }), fetchedAt: 1 },
      { kind: 'ipBan', id: '198.51.100.0/24', version: 1, data: entry('198.51.100.0/24'), fetchedAt: 1 },
    ];
    const queued = (seq: number, name: string, aggregateId: string, payload: unknown): OutboxEntry =>
      storedEntry({
        seq,
        key: `c:${seq}`,
        actorId: 1,
        accountId: 1,
        name,
        kind: 'ipBan',
        aggregateId,
        baseVersion: 0,
        schemaVersion: 1,
        payload,
        state: 'queued',
        attempts: 0,
        createdAt: 1000 + seq,
        madeOffline: true,
      });
    const outbox = [
      queued(2, 'ipBan.ban', '192.0.2.1', { cidr: '192.0.2.1', reason: 'back', expires_at: null }),
      queued(1, 'ipBan.unban', '192.0.2.1', { cidr: '192.0.2.1' }),
      queued(3, 'ipBan.ban', '203.0.113.9', { cidr: '203.0.113.9', reason: 'new', expires_at: null }),
    ];
    const projected = project(snapshots, outbox, 'ipBan', ipBanFold);
    const byId = Object.fromEntries(projected.map((p) => [p.id, p]));
    expect(byId['192.0.2.1']?.state).toMatchObject({ status: 'banned', reason: 'back', version: 3 });
    expect(byId['192.0.2.1']?.pending.map((p) => p.seq)).toEqual([1, 2]);
    expect(byId['198.51.100.0/24']?.pending).toEqual([]);
    expect(byId['203.0.113.9']).toMatchObject({ version: 0, server: undefined, state: { reason: 'new' } });
  });
});
