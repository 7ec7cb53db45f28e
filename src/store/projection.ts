import type { OutboxEntry, SnapshotRow } from './db';

/**
 * How a feature folds its commands over the server's state of an aggregate: a pure function,
 * `undefined` meaning the aggregate does not exist (yet, or any more).
 */
export type Fold<S> = (current: S | undefined, command: { name: string; payload: unknown }) => S | undefined;

/** One aggregate as the screens show it: my view of it, the server's, and what is pending. */
export interface Projected<S> {
  id: string;
  /** The server's state with every pending command folded over it. */
  state: S | undefined;
  /** The server's state as last known. */
  server: S | undefined;
  /** The server's version as last known (0: not on the server). */
  version: number;
  /** When the server's state was read; null when it was never read. */
  fetchedAt: number | null;
  /** The commands not yet applied by the server, in order. */
  pending: OutboxEntry[];
}

/**
 * Folds the outbox over the snapshots of one kind. Parked commands (rejected, conflicting) are
 * folded too: the screen shows what the user asked for, marked with the command's state.
 */
export function project<S>(
  snapshots: readonly SnapshotRow[],
  outbox: readonly OutboxEntry[],
  kind: string,
  fold: Fold<S>,
): Projected<S>[] {
  const byId = new Map<string, Projected<S>>();
  for (const row of snapshots) {
    if (row.kind !== kind) continue;
    const server = row.data as S;
    byId.set(row.id, {
      id: row.id,
      state: server,
      server,
      version: row.version,
      fetchedAt: row.fetchedAt,
      pending: [],
    });
  }
  for (const entry of [...outbox].sort((a, b) => a.seq - b.seq)) {
    if (entry.kind !== kind) continue;
    let item = byId.get(entry.aggregateId);
    if (!item) {
      item = {
        id: entry.aggregateId,
        state: undefined,
        server: undefined,
        version: 0,
        fetchedAt: null,
        pending: [],
      };
      byId.set(entry.aggregateId, item);
    }
    item.state = fold(item.state, { name: entry.name, payload: entry.payload });
    item.pending.push(entry);
  }
  return [...byId.values()];
}

/** The state shown for a set of pending commands: the most serious one wins. */
export function pendingState(pending: readonly OutboxEntry[]): 'conflict' | 'rejected' | 'queued' | null {
  if (pending.some((entry) => entry.state === 'conflict')) return 'conflict';
  if (pending.some((entry) => entry.state === 'rejected')) return 'rejected';
  return pending.length > 0 ? 'queued' : null;
}

const aggregateKey = (entry: Pick<OutboxEntry, 'kind' | 'aggregateId'>) =>
  `${entry.kind}\u0000${entry.aggregateId}`;

/**
 * The order rule of the outbox: a parked edit (rejected, conflicting) holds the later queued edits
 * of its aggregate until it is resolved. Answers the sequence numbers of the held ones.
 */
export function heldBehindParked(entries: readonly OutboxEntry[]): Set<number> {
  const parked = new Set<string>();
  const held = new Set<number>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.state !== 'queued') parked.add(aggregateKey(entry));
    else if (parked.has(aggregateKey(entry))) held.add(entry.seq);
  }
  return held;
}
