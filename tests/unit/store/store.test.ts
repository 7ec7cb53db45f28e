import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Store, StoreFullError, project } from '../../../src/store';
import type { Fold } from '../../../src/store';
import { callOf } from '../../../src/commands/queue';

let opened: Store[] = [];
let nextAccount = 1000;
async function openStore(): Promise<Store> {
  const store = await Store.open(1, nextAccount++);
  opened.push(store);
  return store;
}
afterEach(async () => {
  for (const store of opened) store.close();
  for (const name of new Set(opened.map((store) => store.name))) await Dexie.delete(name);
  opened = [];
});

const ban = (cidr: string, reason = '') => ({
  name: 'ipBan.ban' as const,
  kind: 'ipBan' as const,
  aggregateId: cidr,
  schemaVersion: 1,
  payload: { cidr, reason, expires_at: null },
});
const unban = (cidr: string) => ({
  name: 'ipBan.unban' as const,
  kind: 'ipBan' as const,
  aggregateId: cidr,
  schemaVersion: 1,
  payload: { cidr },
});

describe('Store', () => {
  it('gives every command a key of its client id and sequence, in order', async () => {
    const store = await openStore();
    const clientId = await store.clientId();
    const a = await store.enqueue(ban('192.0.2.1'), { offline: false });
    const b = await store.enqueue(ban('192.0.2.2'), { offline: true });
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(a.key).toBe(`${clientId}:1`);
    expect(b).toMatchObject({ key: `${clientId}:2`, madeOffline: true, state: 'queued', actorId: 1 });
    expect((await store.pending()).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('keeps the client id and the sequence across reopening, so no key is ever reused', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    const first = await store.pending();
    await store.settle([
      {
        seq: 1,
        outcome: 'accepted',
        version: 1,
        snapshot: { id: '192.0.2.1' },
        kind: 'ipBan',
        aggregateId: '192.0.2.1',
      },
    ]);
    store.close();
    const again = await Store.open(store.actorId, store.accountId);
    opened.push(again);
    const next = await again.enqueue(ban('192.0.2.3'), { offline: false });
    expect(next.seq).toBe(2);
    expect(next.key.split(':')[0]).toBe(first[0]!.key.split(':')[0]);
  });

  it('bases a command on the snapshot version plus the commands of its aggregate already waiting', async () => {
    const store = await openStore();
    await store.putSnapshots('ipBan', [{ id: '192.0.2.1', version: 4, data: {} }], {
      key: 'ipBan',
      fetchedAt: 1,
    });
    const a = await store.enqueue(unban('192.0.2.1'), { offline: false });
    const b = await store.enqueue(ban('192.0.2.1'), { offline: false });
    const c = await store.enqueue(ban('198.51.100.0/24'), { offline: false });
    expect([a.baseVersion, b.baseVersion, c.baseVersion]).toEqual([4, 5, 0]);
  });

  it('sends queued commands in order, holding the later commands of an aggregate behind a parked one', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false }); // 1: will be rejected
    await store.enqueue(ban('192.0.2.2'), { offline: false }); // 2
    await store.enqueue(unban('192.0.2.1'), { offline: false }); // 3: held behind 1
    await store.enqueue(unban('192.0.2.2'), { offline: false }); // 4
    await store.settle([{ seq: 1, outcome: 'rejected', error: { code: 40905, msg: 'no', data: {} } }]);
    expect((await store.nextBatch(10)).map((e) => e.seq)).toEqual([2, 4]);
    expect((await store.nextBatch(1)).map((e) => e.seq)).toEqual([2]);
  });

  it('settles each answer: accepted leaves the outbox with the server snapshot, parked keep the answer', async () => {
    const store = await openStore();
    for (const cidr of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'])
      await store.enqueue(ban(cidr), { offline: false });
    const conflict = { code: 40902, msg: 'changed', data: { version: 3, current: { id: '192.0.2.2' } } };
    await store.settle(
      [
        {
          seq: 1,
          outcome: 'accepted',
          version: 1,
          snapshot: { id: '192.0.2.1', reason: 'server' },
          kind: 'ipBan',
          aggregateId: '192.0.2.1',
        },
        { seq: 2, outcome: 'conflict', error: conflict },
        { seq: 3, outcome: 'rejected', error: { code: 40905, msg: 'refused', data: {} } },
        { seq: 4, outcome: 'retry' },
        { seq: 5, outcome: 'held' },
      ],
      1234,
    );
    const pending = await store.pending();
    expect(pending.map((e) => [e.seq, e.state, e.attempts])).toEqual([
      [2, 'conflict', 0],
      [3, 'rejected', 0],
      [4, 'queued', 1],
      [5, 'queued', 0],
    ]);
    expect(pending[0]!.error).toEqual(conflict);
    expect(await store.snapshotsOf('ipBan')).toEqual([
      {
        kind: 'ipBan',
        id: '192.0.2.1',
        version: 1,
        data: { id: '192.0.2.1', reason: 'server' },
        fetchedAt: 1234,
      },
    ]);
  });

  it('discarding a command moves the later commands of its aggregate one version back', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    await store.enqueue(unban('192.0.2.1'), { offline: false });
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    await store.discard(1);
    expect((await store.pending()).map((e) => [e.seq, e.baseVersion])).toEqual([
      [2, 0],
      [3, 1],
    ]);
  });

  it('keeping my side of a conflict rebases it and its followers on the server version', async () => {
    const store = await openStore();
    await store.putSnapshots('ipBan', [{ id: '192.0.2.1', version: 2, data: { v: 2 } }], {
      key: 'ipBan',
      fetchedAt: 1,
    });
    await store.enqueue(unban('192.0.2.1'), { offline: false }); // base 2
    await store.enqueue(ban('192.0.2.1'), { offline: false }); // base 3
    await store.settle([
      { seq: 1, outcome: 'conflict', error: { code: 40902, msg: '', data: { version: 5 } } },
    ]);
    await store.keepMine(1, 5, { v: 5 });
    expect((await store.pending()).map((e) => [e.seq, e.state, e.baseVersion])).toEqual([
      [1, 'queued', 5],
      [2, 'queued', 6],
    ]);
    expect((await store.snapshotsOf('ipBan'))[0]).toMatchObject({ version: 5, data: { v: 5 } });
  });

  it("taking the server's side drops my edit and rebases the followers on the server version", async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false }); // base 0
    await store.enqueue(unban('192.0.2.1'), { offline: false }); // base 1
    await store.takeServers(1, 3, { id: '192.0.2.1', v: 3 });
    expect((await store.pending()).map((e) => [e.seq, e.baseVersion])).toEqual([[2, 3]]);
    expect((await store.snapshotsOf('ipBan'))[0]).toMatchObject({ version: 3 });
  });

  it('a retry queues a parked command again, with an edited payload under the same key', async () => {
    const store = await openStore();
    const entry = await store.enqueue(ban('192.0.2.1', 'x'), { offline: false });
    await store.settle([{ seq: 1, outcome: 'rejected', error: { code: 40001, msg: 'bad', data: {} } }]);
    await store.retry(1, callOf('ipBan.ban', { cidr: '192.0.2.1', reason: 'fixed', expires_at: null }));
    const [again] = await store.pending();
    expect(again).toMatchObject({ state: 'queued', key: entry.key, payload: { reason: 'fixed' } });
    expect(again!.error).toBeUndefined();
  });

  it('refuses to turn a parked command into another one on retry', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1', 'x'), { offline: false });
    await store.settle([{ seq: 1, outcome: 'rejected', error: { code: 40001, msg: 'bad', data: {} } }]);
    await expect(store.retry(1, callOf('ipBan.unban', { cidr: '192.0.2.1' }))).rejects.toThrow(
      'A correction of ipBan.ban cannot be ipBan.unban.',
    );
    expect(await store.pending()).toMatchObject([{ state: 'rejected', name: 'ipBan.ban' }]);
  });

  it('never replaces a snapshot with an older version, and a full read removes what the server no longer has', async () => {
    const store = await openStore();
    await store.putSnapshots(
      'ipBan',
      [
        { id: 'a', version: 3, data: 'a3' },
        { id: 'b', version: 1, data: 'b1' },
      ],
      { key: 'ipBan', fetchedAt: 1 },
    );
    await store.putSnapshots('ipBan', [{ id: 'a', version: 2, data: 'a2' }], {
      key: 'ipBan',
      fetchedAt: 2,
      cursor: 'c2',
      replace: true,
    });
    expect((await store.snapshotsOf('ipBan')).map((r) => [r.id, r.data])).toEqual([['a', 'a3']]);
    expect(await store.lastRead('ipBan')).toEqual({ key: 'ipBan', fetchedAt: 2, cursor: 'c2' });
  });

  it('refuses an edit visibly when the device is full, and keeps nothing half-written', async () => {
    const store = await openStore();
    const spy = vi.spyOn(store.db.outbox, 'add').mockRejectedValueOnce(new Dexie.QuotaExceededError('full'));
    await expect(store.enqueue(ban('192.0.2.1'), { offline: false })).rejects.toBeInstanceOf(StoreFullError);
    spy.mockRestore();
    expect(await store.pending()).toEqual([]);
    // The failed edit used no sequence number.
    expect((await store.enqueue(ban('192.0.2.1'), { offline: false })).seq).toBe(1);
  });

  it('keeps two accounts apart: each account pair has its own database', async () => {
    const a = await openStore();
    const b = await openStore();
    await a.enqueue(ban('192.0.2.1'), { offline: false });
    expect(a.name).not.toBe(b.name);
    expect(await b.pending()).toEqual([]);
  });
});

describe('project', () => {
  type Entry = { status: string; reason: string };
  const fold: Fold<Entry> = (current, command) => {
    const payload = command.payload as { reason?: string };
    if (command.name === 'ipBan.ban') return { status: 'banned', reason: payload.reason ?? '' };
    if (command.name === 'ipBan.unban' && current) return { ...current, status: 'unbanned' };
    return current;
  };

  it('folds the pending commands over the snapshots, new aggregates included, marking what is pending', async () => {
    const store = await openStore();
    await store.putSnapshots(
      'ipBan',
      [
        { id: 'a', version: 1, data: { status: 'banned', reason: 'r' } },
        { id: 'b', version: 2, data: { status: 'banned', reason: 's' } },
      ],
      { key: 'ipBan', fetchedAt: 5 },
    );
    await store.enqueue(unban('a'), { offline: true });
    await store.enqueue(ban('c', 'new'), { offline: true });
    const items = project<Entry>(await store.snapshotsOf('ipBan'), await store.pending(), 'ipBan', fold);
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byId.a).toMatchObject({ state: { status: 'unbanned' }, server: { status: 'banned' }, version: 1 });
    expect(byId.a!.pending.map((p) => p.name)).toEqual(['ipBan.unban']);
    expect(byId.b).toMatchObject({ state: { status: 'banned' }, pending: [] });
    expect(byId.c).toMatchObject({
      state: { status: 'banned', reason: 'new' },
      server: undefined,
      version: 0,
      fetchedAt: null,
    });
  });
});

describe('Store.enqueueMany', () => {
  it('saves several commands in order in one transaction, or none of them', async () => {
    const store = await openStore();
    const entries = await store.enqueueMany([ban('192.0.2.1'), unban('192.0.2.1'), ban('192.0.2.2')], {
      offline: true,
    });
    expect(entries.map((e) => [e.seq, e.baseVersion])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    const add = store.db.outbox.add.bind(store.db.outbox);
    let calls = 0;
    const spy = vi.spyOn(store.db.outbox, 'add').mockImplementation((entry) => {
      calls += 1;
      // The second write of the transaction finds the disk full.
      return calls === 2 ? (Promise.reject(new Dexie.QuotaExceededError('full')) as never) : add(entry);
    });
    await expect(
      store.enqueueMany([ban('192.0.2.3'), ban('192.0.2.4')], { offline: true }),
    ).rejects.toBeInstanceOf(StoreFullError);
    spy.mockRestore();
    expect((await store.pending()).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('a full read keeps the snapshots written after it began (a command acknowledged meanwhile)', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    await store.settle(
      [
        {
          seq: 1,
          outcome: 'accepted',
          version: 1,
          snapshot: 'acknowledged',
          kind: 'ipBan',
          aggregateId: '192.0.2.1',
        },
      ],
      2000,
    );
    await store.putSnapshots('ipBan', [{ id: 'other', version: 1, data: 'x' }], {
      key: 'ipBan',
      fetchedAt: 1000,
      replace: true,
    });
    expect((await store.snapshotsOf('ipBan')).map((r) => r.id).sort()).toEqual(['192.0.2.1', 'other']);
  });
});

describe('Store.settle', () => {
  it('keeps the server snapshot of a command that was accepted after the user discarded it', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    await store.discard(1);
    await store.settle([
      {
        seq: 1,
        outcome: 'accepted',
        version: 1,
        snapshot: { on: 'server' },
        kind: 'ipBan',
        aggregateId: '192.0.2.1',
      },
    ]);
    expect(await store.snapshotsOf('ipBan')).toMatchObject([
      { id: '192.0.2.1', version: 1, data: { on: 'server' } },
    ]);
  });
});
