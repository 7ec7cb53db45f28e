import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Both drivers expose the same query builder; services are written against this type. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

/** A transaction of `Db`; services that take part in a caller's transaction accept `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL: listens on a notification channel on a connection of its own, reconnecting when
   * it breaks (`lost`, then `ready` once listening again). Answers the function that stops it.
   */
  listen?(channel: string, handlers: NotificationHandlers): () => Promise<void>;
  /** PGlite: the whole database as a dump that `loadDataDir` starts from (a seeded template for tests). */
  dump?(): Promise<Blob>;
}

export interface NotificationHandlers {
  message(payload: string): void;
  ready(): void;
  lost(): void;
}

/** LISTEN on its own connection, again after a broken one (1 s, doubling up to 30 s). */
function listenOn(url: string, channel: string, handlers: NotificationHandlers): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    let broken = false;
    const fail = () => {
      if (broken || stopped) return;
      broken = true;
      handlers.lost();
      void next.end().catch(() => {});
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      retryMs = 1000;
      handlers.ready();
    } catch {
      fail();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite persisting under `dataDir`. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir?: string;
  /** A PGlite data dump to start from (a migrated template, for fast tests). */
  loadDataDir?: Blob;
  /** Work that follows the migrations under the same lock, such as seeding the demo data. */
  prepare?: (db: Db) => Promise<void>;
}

/**
 * The PostgreSQL advisory lock held while migrations and `prepare` run: instances that start
 * together against one database take turns, so each migration and the demo seed run once.
 */
export const setupLockKey = 4_202_605_001;

/**
 * Runs `work` while holding the setup lock on a connection of its own (not one of the pool's),
 * so the lock is released by that connection only, even if `work` fails or the process dies.
 */
export async function withSetupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A broken connection also rejects the query in progress; the event itself needs no handling.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [setupLockKey]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [setupLockKey]);
    }
  } finally {
    await client.end();
  }
}

/** Opens the database, applies pending migrations, then runs `prepare` (PostgreSQL: under a lock). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    try {
      await withSetupLock(options.url, async () => {
        await migratePg(db, { migrationsFolder });
        await options.prepare?.(db);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, handlers) => listenOn(options.url as string, channel, handlers),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(dataDir, 'pglite');
    // PGlite creates only the last folder of its path.
    mkdirSync(dirname(location), { recursive: true });
  }
  const client = await PGlite.create(
    location,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  // One process owns a PGlite database at a time: no lock is needed.
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  try {
    await migratePglite(pgliteDb, { migrationsFolder });
    await options.prepare?.(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
