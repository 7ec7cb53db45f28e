declare module 'fastify' {
  interface FastifyInstance {
    /** The app's feed of committed changes: a writer beside its calls (a seed in-process) publishes here. */
    changes: ChangeFeed;
  }
}

/** A committed change of one aggregate of an account (`domain`, `domainGroup`, `ipBan`…). */
export interface Change {
  accountId: number;
  kind: string;
  id: string;
}

export interface ChangeListener {
  changed(change: Change): void;
  /** Changes of other processes may be missed from now on: keep nothing, read the database. */
  lost(): void;
  /** Changes of other processes arrive again (from now on): keeping data is safe again. */
  restored(): void;
}

/**
 * Committed changes, for what the server keeps in memory of the data (the domain list's index):
 * published by this process as its transactions commit, and by other processes through the
 * database's notifications (PostgreSQL: LISTEN/NOTIFY, see `Database.listen`).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  /** Whether changes of other processes reach this feed: true until a listener connection says not. */
  complete: boolean;

  constructor(options: { complete: boolean }) {
    this.complete = options.complete;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(change: Change): void {
    for (const listener of this.listeners) listener.changed(change);
  }

  lost(): void {
    this.complete = false;
    for (const listener of this.listeners) listener.lost();
  }

  restored(): void {
    this.complete = true;
    for (const listener of this.listeners) listener.restored();
  }
}

/** The notification channel of committed changes (PostgreSQL NOTIFY), `<account>:<kind>:<id>`. */
export const changeChannel = 'cdn_changes';

export const changePayload = (change: Change) => `${change.accountId}:${change.kind}:${change.id}`;

export function parseChange(payload: string): Change | null {
  // The id is last and may hold colons itself (an IPv6 range).
  const match = /^(\d{1,10}):([A-Za-z]{1,40}):(.{1,200})$/s.exec(payload);
  return match ? { accountId: Number(match[1]), kind: match[2] as string, id: match[3] as string } : null;
}
