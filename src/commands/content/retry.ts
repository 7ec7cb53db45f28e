import { contentRetryPayload } from '../../contract/content';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { existingTask, menuPath, requireAccelerated, requireQuota, tag, type ContentFacts } from './rules';

/** Runs a finished task's failed URLs again; they count against today's quota once more. */
export const contentRetry = defineCommand({
  name: 'content.retry',
  schemaVersion: 1,
  payload: contentRetryPayload,
  primary: 'contentTask',
  targets: (p) => ({ contentTask: p.id }),
  menuPath,
  api: { path: '/v3/content/task/retry', summary: 'Execute the failed URLs of a finished task again.', tag },
  done: 'content.retried',
  label: /*i18n*/ { id: 'auditLog.action.content.retry', message: 'Retried a refresh or prefetch' },
  describe: () => ({
    message: /*i18n*/ {
      id: 'content.command.retry',
      message: 'Retry the failed URLs of a refresh or prefetch task',
    },
  }),
  apply({ contentTask }, _p, ctx: ApplyContext<ContentFacts>) {
    const task = existingTask(contentTask);
    if (task.status === 'pending' || task.status === 'running')
      throw new Refusal('content.retry.unfinished', 'id');
    const failed = task.urls.filter((u) => u.status === 'failure').length;
    if (failed === 0) throw new Refusal('content.retry.nothingFailed', 'id');
    requireAccelerated(ctx.facts, () => 'id');
    requireQuota(task.kind, failed, ctx.facts);
    return {
      contentTask: {
        ...task,
        urls: task.urls.map((u) => (u.status === 'failure' ? { url: u.url, status: 'pending' as const } : u)),
        status: 'pending' as const,
        attempts: task.attempts + 1,
        finished_at: null,
      },
    };
  },
});
