import type { WithSubquery } from 'drizzle-orm';
import type { ContentTask } from '../../../src/contract/content';
import { rowWrite, stamped, type AggregateStore } from '../../aggregates/types';
import { contentTasks } from '../../db/schema';
import { loadTask, usageChange } from './service';

const waiting = (task: ContentTask | undefined) =>
  task?.urls.filter((u) => u.status === 'pending').length ?? 0;

/**
 * A refresh or prefetch task: the row of `content_tasks`; and the day's use of the quota, which
 * grows by the URLs the command sets waiting (all of a new task's, the failed ones of a retry).
 */
export const contentTaskStore: AggregateStore<ContentTask> = {
  async load(tx, accountId, id) {
    const task = await loadTask(tx, accountId, id);
    return task ? { version: task.version, state: task } : null;
  },
  save(tx, name, input) {
    const { after } = input;
    const columns = {
      urls: after.urls,
      status: after.status,
      attempts: after.attempts,
      finishedAt: after.finished_at === null ? null : new Date(after.finished_at),
      claimedAt: null,
      changedAt: input.now,
    };
    const write = rowWrite(tx, contentTasks, input, columns, { kind: after.kind });
    const writes: WithSubquery[] = [tx.$with(name).as(write)];
    const added = waiting(after) - waiting(input.before?.state);
    if (added > 0)
      writes.push(
        tx.$with(`${name}_usage`).as(usageChange(tx, input.accountId, after.kind, added, input.now)),
      );
    return { writes, state: stamped(input) };
  },
};
