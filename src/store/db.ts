import Dexie, { type Table } from 'dexie';

/** The server's state of one aggregate, as last read or acknowledged. */
export interface SnapshotRow {
  kind: string;
  id: string;
  version: number;
  data: unknown;
  /** When the server said so (ms since epoch). */
  fetchedAt: number;
}

/**
 * `queued`: waiting to be sent (or being sent). `rejected`: refused by a rule or a permission,
 * kept with the server's message to edit, retry or discard. `conflict`: the aggregate changed on
 * the server meanwhile; kept with the server's side for the user to choose.
 */
export type OutboxState = 'queued' | 'rejected' | 'conflict';

export interface OutboxError {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

/**
 * What the outbox may hold, registered by the application as a router registers its routes
 * (`src/app/sync/outbox-commands.ts`: every command of the registry, its name narrowing its
 * payload), so that the store imports no command. Unregistered, a command is a name and a payload.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OutboxRegister {}

/** A command as the outbox holds it: one member a command, `name` narrowing `payload`. */
export type OutboxCommand = OutboxRegister extends { command: infer C extends StoredCommand }
  ? C
  : StoredCommand;

/** What the store itself needs of a command. */
export interface StoredCommand {
  name: string;
  kind: string;
  payload: unknown;
}

/** The outbox's own fields of a waiting command. */
export interface OutboxFields {
  /** Sequence number in this database: the order of the edits. */
  seq: number;
  /** Idempotency key: this database's client id and the sequence number. */
  key: string;
  /** The signed-in account that made the edit, and the account it belongs to. */
  actorId: number;
  accountId: number;
  aggregateId: string;
  /** The aggregate's version the edit was made on (0: the aggregate did not exist). */
  baseVersion: number;
  schemaVersion: number;
  state: OutboxState;
  /** Sends that ended without an answer for this command (network, 5xx, in flight). */
  attempts: number;
  createdAt: number;
  /** Made while offline: when sent, it is a replay. */
  madeOffline: boolean;
  error?: OutboxError;
}

/** One command waiting in the outbox. */
export type OutboxEntry = OutboxFields & OutboxCommand;

/** When a collection or a query was last read from the server, and where to continue from. */
export interface ReadRow {
  key: string;
  fetchedAt: number;
  cursor?: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * One IndexedDB database per signed-in account and active account, so an edit is never sent
 * under another account. Outbox writes use strict durability: an edit counts as saved only
 * once its transaction has reached the disk.
 */
export class StoreDatabase extends Dexie {
  snapshots!: Table<SnapshotRow, [string, string]>;
  outbox!: Table<OutboxEntry, number>;
  reads!: Table<ReadRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string) {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      snapshots: '[kind+id], kind',
      outbox: 'seq, [kind+aggregateId], state',
      reads: 'key',
      meta: 'key',
    });
  }
}

/** The database name of an account pair. */
export const storeName = (actorId: number, accountId: number) => `cdn-console-${actorId}-${accountId}`;
