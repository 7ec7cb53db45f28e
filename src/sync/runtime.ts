import { Store, type NewCommand, type OutboxEntry } from '../store';
import { SyncEngine, type SyncEngineOptions } from './engine';
import type { PushTransport } from './transport';

/** The store and the sender of the signed-in account working in the active account. */
export interface SyncRuntime {
  store: Store;
  engine: SyncEngine;
  /** Queues a command (saved once this resolves) and wakes the sender, in whichever tab it runs. */
  enqueue(command: NewCommand): Promise<OutboxEntry>;
  /** Queues several commands in order, all or none, and wakes the sender. */
  enqueueMany(commands: readonly NewCommand[]): Promise<OutboxEntry[]>;
  /**
   * Whether the browser keeps this site's storage under pressure: null until asked (or when it
   * cannot be asked). When false, queued edits could be evicted before they are sent.
   */
  persisted: boolean | null;
  close(): void;
}

export interface OpenRuntimeOptions extends Omit<SyncEngineOptions, 'store' | 'transport'> {
  actorId: number;
  accountId: number;
  transport: PushTransport;
}

export async function openSyncRuntime(options: OpenRuntimeOptions): Promise<SyncRuntime> {
  const { actorId, accountId, transport, ...engineOptions } = options;
  const store = await Store.open(actorId, accountId);
  const engine = new SyncEngine({ store, transport, ...engineOptions });
  const isOnline =
    engineOptions.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const runtime: SyncRuntime = {
    store,
    engine,
    persisted: null,
    async enqueue(command) {
      const entry = await store.enqueue(command, { offline: !isOnline() });
      engine.kick();
      return entry;
    },
    async enqueueMany(commands) {
      const entries = await store.enqueueMany(commands, { offline: !isOnline() });
      engine.kick();
      return entries;
    },
    close() {
      engine.dispose();
      store.close();
    },
  };
  return runtime;
}

/** Asks the browser to keep this site's storage (after sign-in); false when refused or unsupported. */
export async function requestPersistence(): Promise<boolean | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return null;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}
