import Dexie from 'dexie';
import { StoreDatabase, storeName } from './db';
import type { OutboxCommand, OutboxEntry, OutboxError, ReadRow, SnapshotRow } from './db';
import { heldBehindParked } from './projection';

/** A command as a feature issues it (`commandFor`): the command, its aggregate and schema version. */
export type NewCommand = OutboxCommand & { aggregateId: string; schemaVersion: number };

/** The device has no room left: the edit was not saved. */
export class StoreFullError extends Error {
  constructor(cause: unknown) {
    super('The device storage is full; the edit was not saved.', { cause });
    this.name = 'StoreFullError';
  }
}

/** An answer of the server to one command, as `sync` classified it. */
export type Settlement =
  /** `kind` and `aggregateId` place the snapshot even when the entry was discarded meanwhile. */
  | {
      seq: number;
      outcome: 'accepted';
      version: number;
      snapshot: unknown;
      kind: string;
      aggregateId: string;
    }
  | { seq: number; outcome: 'rejected' | 'conflict'; error: OutboxError }
  /** No answer for it (network, 5xx, in flight): it stays queued and counts an attempt. */
  | { seq: number; outcome: 'retry' }
  /** Held behind an earlier command of its aggregate: unchanged. */
  | { seq: number; outcome: 'held' };

const isQuotaError = (error: unknown) =>
  error instanceof Dexie.QuotaExceededError ||
  (error instanceof Error && (error.name === 'QuotaExceededError' || error.name === 'QuotaExceeded'));

/** The command alone, without the fields of what carried it. */
const commandOnly = ({ name, kind, payload }: OutboxCommand): OutboxCommand =>
  ({ name, kind, payload }) as OutboxCommand;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The browser's store of one account pair: snapshots of the server's state, the outbox of
 * pending commands and the times of the last reads. Every method is one IndexedDB transaction.
 */
export class Store {
  readonly db: StoreDatabase;

  private constructor(
    readonly actorId: number,
    readonly accountId: number,
    db: StoreDatabase,
  ) {
    this.db = db;
  }

  /** Opens (creating when needed) the database of the signed-in account `actorId` working in `accountId`. */
  static async open(actorId: number, accountId: number): Promise<Store> {
    const db = new StoreDatabase(storeName(actorId, accountId));
    await db.open();
    const store = new Store(actorId, accountId, db);
    await store.clientId();
    return store;
  }

  get name(): string {
    return this.db.name;
  }

  close(): void {
    this.db.close();
  }

  /** This database's client id, created once: the first half of every idempotency key. */
  async clientId(): Promise<string> {
    return this.db.transaction('rw', this.db.meta, async () => {
      const row = await this.db.meta.get('clientId');
      if (typeof row?.value === 'string') return row.value;
      const id = randomId();
      await this.db.meta.put({ key: 'clientId', value: id });
      return id;
    });
  }

  /**
   * Writes a command to the outbox and resolves once the transaction has committed: only then is
   * the edit saved. Its base version is the snapshot's version plus the commands of the same
   * aggregate already waiting, as each accepted command raises the version by one.
   */
  async enqueue(command: NewCommand, options: { offline: boolean; now?: number }): Promise<OutboxEntry> {
    const [entry] = await this.enqueueMany([command], options);
    return entry!;
  }

  /** Writes several commands in order, in one transaction: all are saved, or none. */
  async enqueueMany(
    commands: readonly NewCommand[],
    options: { offline: boolean; now?: number },
  ): Promise<OutboxEntry[]> {
    const { db } = this;
    try {
      return await db.transaction('rw', db.outbox, db.meta, db.snapshots, async () => {
        const [clientRow, seqRow] = await Promise.all([db.meta.get('clientId'), db.meta.get('lastSeq')]);
        let seq = typeof seqRow?.value === 'number' ? seqRow.value : 0;
        const entries: OutboxEntry[] = [];
        for (const command of commands) {
          const [snapshot, waiting] = await Promise.all([
            db.snapshots.get([command.kind, command.aggregateId]),
            db.outbox.where('[kind+aggregateId]').equals([command.kind, command.aggregateId]).count(),
          ]);
          seq += 1;
          const entry: OutboxEntry = {
            ...commandOnly(command),
            seq,
            key: `${String(clientRow?.value)}:${seq}`,
            actorId: this.actorId,
            accountId: this.accountId,
            aggregateId: command.aggregateId,
            baseVersion: (snapshot?.version ?? 0) + waiting,
            schemaVersion: command.schemaVersion,
            state: 'queued',
            attempts: 0,
            createdAt: options.now ?? Date.now(),
            madeOffline: options.offline,
          };
          await db.outbox.add(entry);
          entries.push(entry);
        }
        await db.meta.put({ key: 'lastSeq', value: seq });
        return entries;
      });
    } catch (error) {
      if (isQuotaError(error)) throw new StoreFullError(error);
      throw error;
    }
  }

  /** Every entry of the outbox, in order. */
  pending(): Promise<OutboxEntry[]> {
    return this.db.outbox.orderBy('seq').toArray();
  }

  /**
   * The next commands to send, in order: queued ones not held behind a parked command of their
   * aggregate (`heldBehindParked`).
   */
  async nextBatch(limit: number): Promise<OutboxEntry[]> {
    const entries = await this.pending();
    const held = heldBehindParked(entries);
    return entries.filter((entry) => entry.state === 'queued' && !held.has(entry.seq)).slice(0, limit);
  }

  /**
   * Records the server's answers in one transaction: accepted commands leave the outbox and
   * their snapshot becomes the server's; rejected and conflicting ones are parked with the
   * answer; the others stay queued.
   */
  async settle(settlements: readonly Settlement[], now = Date.now()): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.outbox, db.snapshots, async () => {
      for (const settlement of settlements) {
        const entry = await db.outbox.get(settlement.seq);
        if (settlement.outcome === 'accepted') {
          // Applied on the server, even if the user discarded it while it was on its way: the
          // snapshot must show what the server holds.
          if (entry) await db.outbox.delete(entry.seq);
          await this.putSnapshotIfNewer(
            settlement.kind,
            settlement.aggregateId,
            settlement.version,
            settlement.snapshot,
            now,
          );
          continue;
        }
        if (!entry) continue;
        switch (settlement.outcome) {
          case 'rejected':
          case 'conflict':
            await db.outbox.update(entry.seq, { state: settlement.outcome, error: settlement.error });
            break;
          case 'retry':
            await db.outbox.update(entry.seq, { attempts: entry.attempts + 1 });
            break;
          case 'held':
            break;
        }
      }
    });
  }

  /** Moves the base version of the commands after `seq` on the same aggregate by `delta`. */
  private async shiftFollowers(entry: OutboxEntry, delta: number): Promise<void> {
    if (delta === 0) return;
    await this.db.outbox
      .where('[kind+aggregateId]')
      .equals([entry.kind, entry.aggregateId])
      .filter((other) => other.seq > entry.seq)
      .modify((other) => {
        other.baseVersion += delta;
      });
  }

  /** Changes the entry `seq`, when it is still there, in one transaction with its followers and snapshot. */
  private async withEntry(seq: number, change: (entry: OutboxEntry) => Promise<void>): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.outbox, db.snapshots, async () => {
      const entry = await db.outbox.get(seq);
      if (entry) await change(entry);
    });
  }

  /** Discards a command; the later commands of its aggregate now build on one version less. */
  async discard(seq: number): Promise<void> {
    await this.withEntry(seq, async (entry) => {
      await this.db.outbox.delete(seq);
      await this.shiftFollowers(entry, -1);
    });
  }

  /**
   * Sends a parked command again, optionally corrected (the same command on the same aggregate).
   * The key stays: the server keeps no answer for a refused command, so the same key is evaluated
   * afresh.
   */
  async retry(seq: number, corrected?: OutboxCommand): Promise<void> {
    await this.withEntry(seq, async (entry) => {
      if (corrected && corrected.name !== entry.name)
        throw new Error(`A correction of ${entry.name} cannot be ${corrected.name}.`);
      await this.db.outbox.put({
        ...entry,
        ...(corrected ? commandOnly(corrected) : {}),
        state: 'queued',
        attempts: 0,
        error: undefined,
      });
    });
  }

  /**
   * Resolves a conflict by keeping my edit: it is rebased on the server's version (given by the
   * conflict answer) and queued again; the later commands of the aggregate move along with it.
   */
  async keepMine(
    seq: number,
    serverVersion: number,
    serverSnapshot?: unknown,
    now = Date.now(),
  ): Promise<void> {
    await this.withEntry(seq, async (entry) => {
      await this.shiftFollowers(entry, serverVersion - entry.baseVersion);
      await this.db.outbox.put({
        ...entry,
        baseVersion: serverVersion,
        state: 'queued',
        attempts: 0,
        error: undefined,
      });
      if (serverSnapshot !== undefined)
        await this.putSnapshotIfNewer(entry.kind, entry.aggregateId, serverVersion, serverSnapshot, now);
    });
  }

  /** Resolves a conflict by taking the server's side: my edit is discarded, the snapshot updated. */
  async takeServers(
    seq: number,
    serverVersion: number,
    serverSnapshot: unknown,
    now = Date.now(),
  ): Promise<void> {
    await this.withEntry(seq, async (entry) => {
      await this.db.outbox.delete(seq);
      // The later edits of the aggregate now build on the server's version.
      await this.shiftFollowers(entry, serverVersion - entry.baseVersion - 1);
      await this.putSnapshotIfNewer(entry.kind, entry.aggregateId, serverVersion, serverSnapshot, now);
    });
  }

  private async putSnapshotIfNewer(kind: string, id: string, version: number, data: unknown, now: number) {
    const current = await this.db.snapshots.get([kind, id]);
    if (current && current.version > version) return;
    if (data === null || data === undefined) {
      if (current) await this.db.snapshots.delete([kind, id]);
      return;
    }
    await this.db.snapshots.put({ kind, id, version, data, fetchedAt: now });
  }

  /**
   * Stores what a read of a collection answered, page by page (`more`: pages follow; the read is
   * recorded with its last page, so a read cut off half-way is made again whole). `replace`: the
   * read is the whole collection, so with its last page the snapshots it did not answer are
   * removed, except those written after the read began (`fetchedAt`: when it began), such as
   * commands acknowledged meanwhile. A snapshot is never replaced by an older version.
   */
  async putSnapshots(
    kind: string,
    rows: readonly { id: string; version: number; data: unknown }[],
    read: { key: string; fetchedAt: number; cursor?: string; replace?: boolean; more?: boolean },
  ): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.snapshots, db.reads, async () => {
      // Only the answered rows are read back: a page of a large collection costs its own size.
      const current = await db.snapshots.bulkGet(rows.map((row): [string, string] => [kind, row.id]));
      const puts: SnapshotRow[] = [];
      rows.forEach((row, i) => {
        const stored = current[i];
        if (stored && stored.version > row.version) {
          // A newer version than the answer's is kept, marked as answered by this read.
          if (stored.fetchedAt < read.fetchedAt) puts.push({ ...stored, fetchedAt: read.fetchedAt });
          return;
        }
        puts.push({ kind, id: row.id, version: row.version, data: row.data, fetchedAt: read.fetchedAt });
      });
      await db.snapshots.bulkPut(puts);
      if (read.more) return;
      // Every answered row now carries the read's time (or a later one): what is older was not answered.
      if (read.replace)
        await db.snapshots
          .where('kind')
          .equals(kind)
          .filter((row) => row.fetchedAt < read.fetchedAt)
          .delete();
      const readRow: ReadRow = { key: read.key, fetchedAt: read.fetchedAt };
      if (read.cursor !== undefined) readRow.cursor = read.cursor;
      await db.reads.put(readRow);
    });
  }

  /**
   * Stores aggregates of several kinds read together (a domain's configuration sections), in one
   * transaction, and records the read; an aggregate is never replaced by an older version.
   */
  async putAggregates(
    rows: readonly { kind: string; id: string; version: number; data: unknown }[],
    read: { key: string; fetchedAt: number },
  ): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.snapshots, db.reads, async () => {
      const current = await db.snapshots.bulkGet(rows.map((row): [string, string] => [row.kind, row.id]));
      const puts = rows.flatMap((row, i): SnapshotRow[] => {
        const stored = current[i];
        if (stored && stored.version > row.version) return [];
        return [
          { kind: row.kind, id: row.id, version: row.version, data: row.data, fetchedAt: read.fetchedAt },
        ];
      });
      await db.snapshots.bulkPut(puts);
      await db.reads.put({ key: read.key, fetchedAt: read.fetchedAt });
    });
  }

  /** The snapshots of one id in several kinds (a domain's sections); absent ones are left out. */
  async aggregatesOf(kinds: readonly string[], id: string): Promise<SnapshotRow[]> {
    const rows = await this.db.snapshots.bulkGet(kinds.map((kind): [string, string] => [kind, id]));
    return rows.filter((row): row is SnapshotRow => row !== undefined);
  }

  snapshotsOf(kind: string): Promise<SnapshotRow[]> {
    return this.db.snapshots.where('kind').equals(kind).toArray();
  }

  lastRead(key: string): Promise<ReadRow | undefined> {
    return this.db.reads.get(key);
  }
}
