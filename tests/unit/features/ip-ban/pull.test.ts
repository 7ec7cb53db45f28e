import { afterEach, describe, expect, it } from 'vitest';
import type { InputOf, OutputOf } from '../../../../src/contract';
import { pullIpBans } from '../../../../src/features/ip-ban/use-ip-ban-pull';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { entry, openTestRuntime } from './fixtures';

let runtime: SyncRuntime | undefined;
afterEach(() => runtime?.close());

/** The list endpoint at the network boundary: pages of `entries`, as the server pages them. */
function listServer(entries: ReturnType<typeof entry>[], serverTime: string) {
  const calls: InputOf<'ipBanList'>[] = [];
  const call = async (input: InputOf<'ipBanList'>): Promise<OutputOf<'ipBanList'>> => {
    calls.push(input);
    const since = input.updated_since ? Date.parse(input.updated_since) : -Infinity;
    const matching = entries.filter((e) => Date.parse(e.updated_at) > since);
    const size = Number(input.page_size);
    const page = Number(input.page);
    return {
      lists: matching.slice((page - 1) * size, page * size),
      total: matching.length,
      server_time: serverTime,
    };
  };
  return { call, calls };
}

/** A device holding a row of an earlier read that the server no longer has; a server of 2300 bans. */
async function staleDeviceAndServer() {
  runtime = await openTestRuntime();
  const { store } = runtime;
  await store.putSnapshots('ipBan', [{ id: '203.0.113.1', version: 1, data: entry('203.0.113.1') }], {
    key: 'other',
    fetchedAt: 1,
  });
  const entries = Array.from({ length: 2300 }, (_, i) =>
    entry(`10.0.${Math.floor(i / 256)}.${i % 256}`, { updated_at: '2026-01-10T08:00:00.000Z' }),
  );
  return { store, server: listServer(entries, '2026-02-01T00:00:00.000Z') };
}

describe('pulling the ban list', () => {
  it('reads the whole list in pages of 1000 the first time, replacing what was stored', async () => {
    const { store, server } = await staleDeviceAndServer();
    await pullIpBans(store, server.call);

    expect(server.calls.slice(0, 3)).toEqual(
      [1, 2, 3].map((page) => ({ page, page_size: 1000, sort: 'id' })),
    );
    // Then what changed while the pages were read.
    expect(server.calls[3]).toMatchObject({
      page: 1,
      updated_since: '2026-02-01T00:00:00.000Z',
    });
    const stored = await store.snapshotsOf('ipBan');
    expect(stored).toHaveLength(2300);
    expect(stored.some((row) => row.id === '203.0.113.1')).toBe(false);
    expect(await store.lastRead('ipBan')).toMatchObject({ cursor: '2026-02-01T00:00:00.000Z' });
  });

  it('stores the first page at once; a read cut off half-way is recorded nowhere and is made again whole', async () => {
    // The row of an earlier read stays until a whole read has ended.
    const { store, server } = await staleDeviceAndServer();
    const cutOff = async (input: InputOf<'ipBanList'>) => {
      if (input.page === 2) throw new Error('connection lost');
      return server.call(input);
    };
    await expect(pullIpBans(store, cutOff)).rejects.toThrow('connection lost');
    const afterCut = await store.snapshotsOf('ipBan');
    expect(afterCut).toHaveLength(1001);
    expect(afterCut.some((row) => row.id === '203.0.113.1')).toBe(true);
    expect(await store.lastRead('ipBan')).toBeUndefined();

    server.calls.length = 0;
    await pullIpBans(store, server.call);
    expect(server.calls.slice(0, 3).map((call) => [call.page, call.updated_since])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
    ]);
    const stored = await store.snapshotsOf('ipBan');
    expect(stored).toHaveLength(2300);
    expect(stored.some((row) => row.id === '203.0.113.1')).toBe(false);
  });

  it('then reads only what changed since the last read, keeping the rest', async () => {
    runtime = await openTestRuntime();
    const { store } = runtime;
    await store.putSnapshots(
      'ipBan',
      [
        { id: '192.0.2.1', version: 1, data: entry('192.0.2.1') },
        { id: '192.0.2.2', version: 1, data: entry('192.0.2.2') },
      ],
      { key: 'ipBan', fetchedAt: 1, cursor: '2026-02-01T00:00:00.000Z', replace: true },
    );
    const changed = entry('192.0.2.2', {
      status: 'unbanned',
      version: 2,
      updated_at: '2026-02-02T00:00:00.000Z',
    });
    const server = listServer([entry('192.0.2.1'), changed], '2026-02-03T00:00:00.000Z');
    await pullIpBans(store, server.call);

    expect(server.calls).toEqual([
      {
        page: 1,
        page_size: 1000,
        sort: 'id',
        updated_since: '2026-02-01T00:00:00.000Z',
      },
    ]);
    const stored = Object.fromEntries((await store.snapshotsOf('ipBan')).map((row) => [row.id, row]));
    expect(Object.keys(stored).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(stored['192.0.2.2']).toMatchObject({ version: 2, data: { status: 'unbanned' } });
    expect(await store.lastRead('ipBan')).toMatchObject({ cursor: '2026-02-03T00:00:00.000Z' });
  });

  it('keeps the stored list when a read fails', async () => {
    runtime = await openTestRuntime();
    const { store } = runtime;
    await store.putSnapshots('ipBan', [{ id: '192.0.2.1', version: 1, data: entry('192.0.2.1') }], {
      key: 'ipBan',
      fetchedAt: 5,
      cursor: '2026-02-01T00:00:00.000Z',
    });
    await expect(pullIpBans(store, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await store.snapshotsOf('ipBan')).toHaveLength(1);
    expect(await store.lastRead('ipBan')).toMatchObject({ fetchedAt: 5 });
  });
});
