import Dexie, { type Table } from 'dexie';

/** One answer of an online read (statistics, reports, logs), as the read layer persisted it. */
export interface CachedRead {
  key: string;
  value: string;
}

/**
 * The answers of online reads an account pair viewed, kept so that they stay readable offline.
 * Its own database, beside the store of edits: it is a cache, dropped and rebuilt freely.
 */
class ReadCacheDatabase extends Dexie {
  reads!: Table<CachedRead, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ reads: 'key' });
  }
}

export const readCacheName = (actorId: number, accountId: number) =>
  `cdn-console-reads-${actorId}-${accountId}`;

/**
 * A key-value view of the read cache. Every failure (private mode, storage full, a blocked
 * upgrade) reads as "nothing stored": the screens then work online only.
 */
export interface ReadCacheStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  entries(): Promise<[string, string][]>;
}

export function openReadCache(actorId: number, accountId: number): ReadCacheStorage {
  let db: ReadCacheDatabase | null = null;
  const table = () => (db ??= new ReadCacheDatabase(readCacheName(actorId, accountId))).reads;
  return {
    async getItem(key) {
      try {
        return (await table().get(key))?.value ?? null;
      } catch {
        return null;
      }
    },
    async setItem(key, value) {
      try {
        await table().put({ key, value });
      } catch {
        // Not kept: the screen still shows it while it is open.
      }
    },
    async removeItem(key) {
      try {
        await table().delete(key);
      } catch {
        // Dropped with the next clean-up.
      }
    },
    async entries() {
      try {
        return (await table().toArray()).map((row) => [row.key, row.value]);
      } catch {
        return [];
      }
    },
  };
}
