import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/** This process, as a lease names its holder: host, process id and a random part (a restart is another holder). */
export const thisInstance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Leases of background work, so that instances on one database do a job once between them: a job
 * is done by the instance holding its lease. The holder keeps it by renewing it; a lease not
 * renewed (its holder crashed, or lost the database) runs out and the next instance to ask takes it.
 */
export class Leases {
  constructor(
    private readonly db: Db,
    private readonly holder: string = thisInstance,
  ) {}

  /**
   * Takes or renews the lease `name` for `ms` from `now`: true when this holder has it now (it was
   * free, ran out, or was already this holder's), false while another holds it.
   */
  async take(name: string, ms: number, now: Date = new Date()): Promise<boolean> {
    const until = new Date(now.getTime() + ms);
    const [taken] = await this.db
      .insert(jobLeases)
      .values({ name, holder: this.holder, expiresAt: until, takenAt: now })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: {
          holder: this.holder,
          expiresAt: until,
          takenAt: sql`case when ${jobLeases.holder} = ${this.holder} then ${jobLeases.takenAt} else ${now} end`,
        },
        setWhere: sql`${jobLeases.holder} = ${this.holder} or ${jobLeases.expiresAt} <= ${now}`,
      })
      .returning({ holder: jobLeases.holder });
    return taken?.holder === this.holder;
  }

  /** Gives the lease up (a clean stop), so that another instance takes the job at once. */
  async release(name: string): Promise<void> {
    await this.db
      .delete(jobLeases)
      .where(sql`${jobLeases.name} = ${name} and ${jobLeases.holder} = ${this.holder}`);
  }
}

/**
 * Drops every lease. For the embedded database, which one process opens at a time: a lease found
 * there was left by the process before, killed without giving it up, and would hold its job back
 * for a round and a half.
 */
export async function dropLeases(db: Db): Promise<void> {
  await db.delete(jobLeases);
}

export interface RepeatOptions {
  /**
   * Asked every this many milliseconds. The lease lasts a round and a half, so that its holder
   * keeps it from round to round; a crashed holder's job moves within three rounds.
   */
  everyMs: number;
  /** Run once at the start too (default true). */
  atStart?: boolean;
  /** Where a failure of a round is told. */
  onError?: (error: unknown) => void;
}

/**
 * Does `work` every `everyMs` on the one instance holding the lease `name`; the others ask again
 * each round and take over when the holder stops renewing. A round still running is not started
 * again. Answers the function that stops it (and gives the lease up).
 */
export function onOneInstance(
  leases: Leases,
  name: string,
  work: () => Promise<unknown>,
  { everyMs, atStart = true, onError = (error) => console.error(`${name} failed:`, error) }: RepeatOptions,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = leases
      .take(name, everyMs * 1.5)
      .then((mine) => (mine && !stopped ? work() : undefined))
      .catch(onError)
      .finally(() => (running = null));
  };
  if (atStart) round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await leases.release(name).catch(() => {});
  };
}
