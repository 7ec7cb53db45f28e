import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openReadCache, readCacheName } from '../../../src/store/read-cache';

describe('read cache', () => {
  it('keeps, lists and drops answers by key', async () => {
    const cache = openReadCache(1, 2);
    expect(await cache.getItem('read-a')).toBeNull();
    await cache.setItem('read-a', '{"a":1}');
    await cache.setItem('read-b', '{"b":2}');
    await cache.setItem('read-a', '{"a":3}');
    expect(await cache.getItem('read-a')).toBe('{"a":3}');
    expect((await cache.entries()).sort()).toEqual([
      ['read-a', '{"a":3}'],
      ['read-b', '{"b":2}'],
    ]);
    await cache.removeItem('read-a');
    expect(await cache.getItem('read-a')).toBeNull();
    // Another account pair has a database of its own.
    expect(await openReadCache(1, 3).entries()).toEqual([]);
  });

  it('reads what a cache opened by Dexie kept, and lets the database be deleted', async () => {
    const old = new Dexie(readCacheName(5, 6));
    old.version(1).stores({ reads: 'key' });
    await old.table('reads').put({ key: 'read-x', value: '"kept"' });
    old.close();
    const cache = openReadCache(5, 6);
    expect(await cache.getItem('read-x')).toBe('"kept"');
    // Signing out deletes it while this connection is open: the connection gives way.
    await Dexie.delete(readCacheName(5, 6));
    expect(await cache.getItem('read-x')).toBeNull();
  });
});
