import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileSyncTasks } from '../../db/schema';
import type { FileSyncStore } from './store';
import { renewingWhile } from '../../jobs/claims';

export interface VerifierOptions {
  /**
   * A verification whose claim is this old (its server died) is taken again; the verifier renews
   * its claim a third of the way through (`server/jobs/claims.ts`).
   */
  claimMs: number;
  /** Uploads idle this long are cancelled and their bytes dropped. */
  abandonMs: number;
  /** Records that hold no file are removed after this long. */
  recordMs: number;
}

const day = 86_400_000;
const defaults: VerifierOptions = { claimMs: 30_000, abandonMs: 7 * day, recordMs: 90 * day };

/**
 * Checks the MD5 of each upload whose last byte is in, off the request path: the bytes are hashed
 * from disk and compared with the MD5 the uploader declared; equal, the part becomes the stored
 * file (`succeeded`), else it is dropped (`failed`). One upload at a time per server; several
 * servers on one PostgreSQL take different ones (row locks they skip).
 */
export class FileSyncVerifier {
  private readonly options: VerifierOptions;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly store: FileSyncStore,
    options: Partial<VerifierOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  /** Verifies one upload waiting for it: whether there was one. */
  async verifyOne(now: () => Date = () => new Date()): Promise<boolean> {
    const started = now();
    const stale = new Date(started.getTime() - this.options.claimMs);
    const [claimed] = await this.db
      .update(fileSyncTasks)
      .set({ claimedAt: started })
      .where(
        sql`(${fileSyncTasks.accountId}, ${fileSyncTasks.id}) = (
          select ${fileSyncTasks.accountId}, ${fileSyncTasks.id} from ${fileSyncTasks}
          where ${fileSyncTasks.status} = 'verifying'
            and (${fileSyncTasks.claimedAt} is null or ${fileSyncTasks.claimedAt} < ${stale})
          order by ${fileSyncTasks.updatedAt} limit 1 for update skip locked)`,
      )
      .returning();
    if (!claimed) return false;
    let claimedAt = started;
    const mine = () =>
      and(
        eq(fileSyncTasks.accountId, claimed.accountId),
        eq(fileSyncTasks.id, claimed.id),
        eq(fileSyncTasks.status, 'verifying'),
        eq(fileSyncTasks.claimedAt, claimedAt),
      );
    const renew = async (at: Date) => {
      const [kept] = await this.db
        .update(fileSyncTasks)
        .set({ claimedAt: at })
        .where(mine())
        .returning({ id: fileSyncTasks.id });
      if (kept) claimedAt = at;
    };
    const md5 = await renewingWhile(
      () => this.store.md5(claimed.accountId, claimed.id, claimed.size).catch(() => null),
      renew,
      this.options.claimMs / 3,
    );
    const good = md5 === claimed.md5;
    if (good) await this.store.keep(claimed.accountId, claimed.id);
    const [done] = await this.db
      .update(fileSyncTasks)
      .set({
        status: good ? 'succeeded' : 'failed',
        failure: good ? null : md5 === null ? 'fileSync.verify.unreadable' : 'fileSync.md5.mismatch',
        completedAt: now(),
        updatedAt: now(),
      })
      .where(mine())
      .returning({ id: fileSyncTasks.id });
    if (done && !good) await this.store.remove(claimed.accountId, claimed.id);
    return true;
  }

  /** Verifies what waits, now; a call while it runs makes it look once more when done. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while (await this.verifyOne().catch(() => false));
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Cancels uploads idle for `abandonMs` (their bytes dropped) and removes records that hold no
   * file after `recordMs`: the number of each.
   */
  async tidy(now: Date = new Date()): Promise<{ abandoned: number; removed: number }> {
    const idle = new Date(now.getTime() - this.options.abandonMs);
    const abandoned = await this.db
      .update(fileSyncTasks)
      .set({ status: 'cancelled', failure: 'fileSync.abandoned', completedAt: now, updatedAt: now })
      .where(and(eq(fileSyncTasks.status, 'uploading'), lt(fileSyncTasks.updatedAt, idle)))
      .returning({ accountId: fileSyncTasks.accountId, id: fileSyncTasks.id });
    for (const task of abandoned) await this.store.remove(task.accountId, task.id);
    const old = new Date(now.getTime() - this.options.recordMs);
    const removed = await this.db
      .delete(fileSyncTasks)
      .where(
        and(
          lt(fileSyncTasks.updatedAt, old),
          or(
            eq(fileSyncTasks.operation, 'delete'),
            inArray(fileSyncTasks.status, ['failed', 'cancelled', 'deleted']),
          ),
        ),
      )
      .returning({ id: fileSyncTasks.id });
    return { abandoned: abandoned.length, removed: removed.length };
  }

  /** Verifies every `idleMs` what a kick missed (a restart), and tidies hourly, until stopped. */
  start(idleMs = 5000): () => void {
    let tidied = 0;
    const timer = setInterval(() => {
      void this.kick();
      if (Date.now() - tidied > 3_600_000) {
        tidied = Date.now();
        void this.tidy().catch(() => {});
      }
    }, idleMs);
    timer.unref();
    void this.kick();
    return () => clearInterval(timer);
  }
}
