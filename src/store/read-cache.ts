/** One answer of an online read (statistics, reports, logs), as the read layer persisted it. */
export interface CachedRead {
  key: string;
  value: string;
}

/**
 * The answers of online reads an account pair viewed, kept so that they stay readable offline.
 * Its own database, beside the store of edits: it is a cache, dropped and rebuilt freely. A
 * key-value store needs none of Dexie, which stays out of the first load with it: the database
 * is opened with IndexedDB itself, at the version Dexie gave it (Dexie's version 1 is IndexedDB's
 * 10), so what earlier versions of the console kept stays readable.
 */
export const readCacheName = (actorId: number, accountId: number) =>
  `cdn-console-reads-${actorId}-${accountId}`;
const databaseVersion = 10;
const storeName = 'reads';

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

function openDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, databaseVersion);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(storeName))
        request.result.createObjectStore(storeName, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`${name} did not open`));
    request.onblocked = () => reject(new Error(`${name} is blocked by an older connection`));
  });
}

export function openReadCache(actorId: number, accountId: number): ReadCacheStorage {
  const name = readCacheName(actorId, accountId);
  let database: Promise<IDBDatabase> | null = null;
  const connection = () => {
    database ??= openDatabase(name).then((db) => {
      // Another tab deleting the database or a newer console upgrading it: let go of it; the
      // next use opens it again.
      db.onversionchange = () => {
        db.close();
        database = null;
      };
      db.onclose = () => {
        database = null;
      };
      return db;
    });
    database.catch(() => {
      database = null;
    });
    return database;
  };
  async function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>) {
    const db = await connection();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const request = body(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () =>
        reject(transaction.error ?? new Error(`${name}: the transaction was aborted`));
    });
  }
  return {
    async getItem(key) {
      try {
        return (await run<CachedRead | undefined>('readonly', (store) => store.get(key)))?.value ?? null;
      } catch {
        return null;
      }
    },
    async setItem(key, value) {
      try {
        await run('readwrite', (store) => store.put({ key, value } satisfies CachedRead));
      } catch {
        // Not kept: the screen still shows it while it is open.
      }
    },
    async removeItem(key) {
      try {
        await run('readwrite', (store) => store.delete(key));
      } catch {
        // Dropped with the next clean-up.
      }
    },
    async entries() {
      try {
        const rows = await run<CachedRead[]>('readonly', (store) => store.getAll());
        return rows.map((row): [string, string] => [row.key, row.value]);
      } catch {
        return [];
      }
    },
  };
}
