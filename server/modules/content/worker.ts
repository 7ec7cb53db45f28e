import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { contentTaskStatus, type ContentTaskUrl } from '../../../src/contract/content';
import type { Db } from '../../db/client';
import { limits } from '../../../src/contract/limits';
import { contentTasks, contentUsage } from '../../db/schema';
import { quotaDay } from './service';
import type { ChangeFeed } from '../../http/changes';
import type { ContentEdge } from './edge';
import { renewingWhile } from '../../jobs/claims';

export interface WorkerOptions {
  /** Tasks taken at once, at most one per account, so that no account's tasks hold up another's. */
  perRound: number;
  /**
   * A task whose claim is this old (its worker died, or lost its database) is taken again; a
   * worker renews its claims a third of the way through (`server/jobs/claims.ts`).
   */
  claimMs: number;
}

const dayMs = 86_400_000;

const defaults: WorkerOptions = { perRound: 8, claimMs: 30_000 };

interface Claimed {
  accountId: number;
  id: string;
  kind: 'url' | 'dir' | 'prefetch';
  urls: ContentTaskUrl[];
  claimedAt: Date;
}

/**
 * Executes the refresh and prefetch tasks (spec §4: to be executed → executing → success or
 * failure) through the edge. Several server instances may run one each against one PostgreSQL:
 * a task is taken under a row lock that others skip, and its results are written only while it is
 * still this worker's.
 */
export class ContentWorker {
  private readonly options: WorkerOptions;

  constructor(
    private readonly db: Db,
    private readonly edge: ContentEdge,
    options: Partial<WorkerOptions> = {},
    private readonly changes?: ChangeFeed,
  ) {
    this.options = { ...defaults, ...options };
  }

  /**
   * Takes what waits (one task per account, the oldest), executes it and records the results: the
   * count of tasks done. `accountId` limits the round to one account's tasks (the demo seed's).
   */
  async round(now: () => Date = () => new Date(), accountId?: number): Promise<number> {
    const claimed = await this.claim(now(), accountId);
    await Promise.all(claimed.map((task) => this.execute(task, now)));
    return claimed.length;
  }

  /**
   * Deletes the tasks past the days the records keep, and the quota counts of days before them
   * (a task waiting or running stays until it is done): the count of tasks deleted.
   */
  async purge(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - (limits.content.recordDays + 1) * dayMs);
    const deleted = await this.db
      .delete(contentTasks)
      .where(and(lt(contentTasks.createdAt, before), inArray(contentTasks.status, ['success', 'failure'])))
      .returning({ id: contentTasks.id });
    await this.db.delete(contentUsage).where(lt(contentUsage.day, quotaDay(before)));
    return deleted.length;
  }

  /** Runs rounds until stopped: at once while there is work, else every `idleMs`; purges hourly. */
  start(idleMs = 1000): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let purged = 0;
    const loop = async () => {
      if (stopped) return;
      let done = 0;
      try {
        if (Date.now() - purged > 3_600_000) {
          purged = Date.now();
          await this.purge();
        }
        done = await this.round();
      } catch (error) {
        console.error('refresh and prefetch worker:', error);
      }
      if (!stopped) timer = setTimeout(() => void loop(), done > 0 ? 0 : idleMs);
      timer?.unref();
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  private async claim(now: Date, accountId: number | undefined): Promise<Claimed[]> {
    const stale = new Date(now.getTime() - this.options.claimMs);
    return this.db.transaction(async (tx) => {
      const waiting = await tx
        .select({ accountId: contentTasks.accountId, id: contentTasks.id })
        .from(contentTasks)
        .where(
          and(
            accountId === undefined ? undefined : eq(contentTasks.accountId, accountId),
            or(
              eq(contentTasks.status, 'pending'),
              and(eq(contentTasks.status, 'running'), lt(contentTasks.claimedAt, stale)),
            ),
          ),
        )
        .orderBy(asc(contentTasks.createdAt))
        .limit(this.options.perRound * 8)
        .for('update', { skipLocked: true });
      const oldestPerAccount = new Map<number, string>();
      for (const task of waiting)
        if (!oldestPerAccount.has(task.accountId) && oldestPerAccount.size < this.options.perRound)
          oldestPerAccount.set(task.accountId, task.id);
      if (oldestPerAccount.size === 0) return [];
      const keys = [...oldestPerAccount].map(([accountId, id]) => sql`(${accountId}, ${id})`);
      // Every URL that waits, or ran under a worker that is gone, runs now.
      const rows = await tx
        .update(contentTasks)
        .set({
          status: 'running',
          urls: sql`(select jsonb_agg(case when u ->> 'status' in ('pending', 'running')
              then jsonb_build_object('url', u -> 'url', 'status', 'running') else u end order by n)
            from jsonb_array_elements(${contentTasks.urls}) with ordinality as e(u, n))`,
          claimedAt: now,
          changedAt: now,
        })
        .where(sql`(${contentTasks.accountId}, ${contentTasks.id}) in (${sql.join(keys, sql`, `)})`)
        .returning({
          accountId: contentTasks.accountId,
          id: contentTasks.id,
          kind: contentTasks.kind,
          urls: contentTasks.urls,
          claimedAt: contentTasks.claimedAt,
        });
      return rows.map((row) => ({ ...row, urls: row.urls as ContentTaskUrl[], claimedAt: row.claimedAt! }));
    });
  }

  private async execute(task: Claimed, now: () => Date): Promise<void> {
    const running = task.urls.filter((u) => u.status === 'running');
    let claimedAt = task.claimedAt;
    const mine = () =>
      and(
        eq(contentTasks.accountId, task.accountId),
        eq(contentTasks.id, task.id),
        // Still this worker's: not taken again by another after the claim ran out.
        eq(contentTasks.claimedAt, claimedAt),
        inArray(contentTasks.status, ['running']),
      );
    const renew = async (at: Date) => {
      const [kept] = await this.db
        .update(contentTasks)
        .set({ claimedAt: at })
        .where(mine())
        .returning({ id: contentTasks.id });
      if (kept) claimedAt = at;
    };
    const results = await renewingWhile(
      () =>
        this.edge
          .execute({ accountId: task.accountId, kind: task.kind, urls: running.map((u) => u.url) })
          .catch(() => running.map(() => 'content.edge.unavailable')),
      renew,
      this.options.claimMs / 3,
    );
    const outcome = new Map(running.map((u, i) => [u.url, results[i] ?? null]));
    const urls: ContentTaskUrl[] = task.urls.map((u) => {
      if (u.status !== 'running') return u;
      const problem = outcome.get(u.url);
      return problem
        ? { url: u.url, status: 'failure', message_id: problem }
        : { url: u.url, status: 'success' };
    });
    const at = now();
    const status = contentTaskStatus(urls);
    const written = await this.db
      .update(contentTasks)
      .set({ urls, status, claimedAt: null, finishedAt: at, changedAt: at })
      .where(mine())
      .returning({ id: contentTasks.id });
    if (written.length > 0)
      this.changes?.publish({ accountId: task.accountId, kind: 'contentTask', id: task.id });
  }
}
