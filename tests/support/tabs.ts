import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commandFor } from '../../src/commands/queue';
import { commands, type CommandName, type PayloadInput, type PayloadOf } from '../../src/commands/registry';
import { Store, type NewCommand } from '../../src/store';
import { SyncEngine, createHttpTransport, type LeaderLock, type SyncEngineOptions } from '../../src/sync';
import type { Db } from '../../server/db/client';
import type { FaultyLink } from './faulty-link';
import { call, signIn } from './server-harness';

/** A command of the contract, as a feature issues it. */
export function command<N extends CommandName>(name: N, payload: PayloadInput<N>): NewCommand {
  return commandFor(name, commands[name].payload.parse(payload) as PayloadOf<N>);
}
export const ban = (cidr: string, reason = '') => command('ipBan.ban', { cidr, reason, expires_at: null });
export const unban = (cidr: string) => command('ipBan.unban', { cidr });
export const update = (cidr: string, reason: string) =>
  command('ipBan.update', { cidr, reason, expires_at: null });

/** A signed-in browser: its token and the account that owns it. */
export interface Credentials {
  token: string;
  userId: number;
  viewId: number;
}

export async function signedIn(app: FastifyInstance, login: string): Promise<Credentials> {
  const { token } = await signIn(app, login);
  const info = await call<{ user_id: number; view_id: number }>(
    app,
    'GET',
    '/v3/customer/customer/loginInfo',
    {
      token,
    },
  );
  return { token, userId: info.body.data.user_id, viewId: info.body.data.view_id };
}

/** One browser tab: its own connection to the account's database and its own sender. */
export interface Tab {
  store: Store;
  engine: SyncEngine;
  close(): void;
}

export interface TabOptions extends Partial<Omit<SyncEngineOptions, 'store' | 'transport'>> {
  link: FaultyLink;
  /** The credentials the tab reads at every push (the browser's storage); may change meanwhile. */
  credentials: () => { token: string; userId: number | null } | null;
  actorId: number;
  accountId: number;
  lock: LeaderLock;
}

export async function openTab(options: TabOptions): Promise<Tab> {
  const { link, credentials, actorId, accountId, ...engineOptions } = options;
  const store = await Store.open(actorId, accountId);
  const transport = createHttpTransport({ fetch: link.fetch, credentials, language: () => 'en_US' });
  const engine = new SyncEngine({
    store,
    transport,
    isOnline: () => link.online,
    backoffBaseMs: 2,
    backoffCapMs: 20,
    ...engineOptions,
  });
  engine.start();
  return {
    store,
    engine,
    close() {
      engine.dispose();
      store.close();
    },
  };
}

export async function deleteStore(actorId: number, accountId: number): Promise<void> {
  await Dexie.delete(`cdn-console-${actorId}-${accountId}`);
}

/** Polls until `check` holds. */
export async function until(
  check: () => Promise<boolean> | boolean,
  ms = 60_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Until no command can be sent and the sender is idle: parked commands may remain, and so may
 * the later commands of their aggregates, which wait behind them.
 */
export async function settled(tab: Tab, ms = 120_000): Promise<void> {
  try {
    await until(
      async () => tab.engine.status.phase === 'idle' && (await tab.store.nextBatch(1)).length === 0,
      ms,
      'the outbox to settle',
    );
  } catch (error) {
    const pending = await tab.store.pending();
    throw new Error(
      `${(error as Error).message}: phase ${tab.engine.status.phase}, ${pending.length} in the outbox (${pending
        .map((e) => `${e.seq}:${e.name}:${e.state}:${e.attempts}`)
        .join(', ')})`,
    );
  }
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The accepted commands of an account, per aggregate, in the order the server applied them. */
export async function appliedActions(
  db: Db,
  accountId: number,
  targetPrefix: string,
): Promise<Map<string, string[]>> {
  const result = await db.execute(
    sql`select target, action from audit_events
        where account_id = ${accountId} and action like 'ipBan.%' and target like ${`${targetPrefix}%`}
        order by id`,
  );
  const byTarget = new Map<string, string[]>();
  for (const row of rowsOf<{ target: string; action: string }>(result)) {
    byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row.action]);
  }
  return byTarget;
}

/** The server's entries of an account whose id starts with `prefix`: id → version and status. */
export async function serverEntries(db: Db, accountId: number, prefix: string) {
  const result = await db.execute(
    sql`select id, version, status, reason from ip_bans where account_id = ${accountId} and id like ${`${prefix}%`}`,
  );
  return new Map(
    rowsOf<{ id: string; version: number; status: string; reason: string }>(result).map((row) => [
      row.id,
      { version: Number(row.version), status: row.status, reason: row.reason },
    ]),
  );
}

/** A small seeded random source (mulberry32), so a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
