import { contentSubmitPayload } from '../../contract/content';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { menuPath, requireAccelerated, requireQuota, tag, type ContentFacts } from './rules';

const submitLines = {
  url: /*i18n*/ {
    id: 'content.command.url',
    message: '{count, plural, one {Refresh # URL} other {Refresh # URLs}}',
  },
  dir: /*i18n*/ {
    id: 'content.command.dir',
    message: '{count, plural, one {Refresh # directory} other {Refresh # directories}}',
  },
  prefetch: /*i18n*/ {
    id: 'content.command.prefetch',
    message: '{count, plural, one {Prefetch # URL} other {Prefetch # URLs}}',
  },
};

/** Submits URLs to refresh (as files or directories) or to prefetch: a new task, pending until the worker takes it. */
export const contentSubmit = defineCommand({
  name: 'content.submit',
  schemaVersion: 1,
  payload: contentSubmitPayload,
  primary: 'contentTask',
  targets: (p) => ({ contentTask: p.id }),
  menuPath,
  api: {
    path: '/v3/content/task/submit',
    summary:
      'Refresh URLs or directories, or prefetch URLs: a task whose URLs the edge then executes (see the records).',
    tag,
  },
  done: 'content.submitted',
  label: /*i18n*/ { id: 'auditLog.action.content.submit', message: 'Submitted a refresh or prefetch' },
  describe: (p) => ({ message: submitLines[p.kind], values: { count: p.urls.length } }),
  apply({ contentTask: task }, p, ctx: ApplyContext<ContentFacts>) {
    if (task) throw new Refusal('content.task.exists', 'id');
    requireAccelerated(ctx.facts, (index) => `urls.${index}`);
    requireQuota(p.kind, p.urls.length, ctx.facts);
    return {
      contentTask: {
        id: p.id,
        kind: p.kind,
        urls: p.urls.map((url) => ({ url, status: 'pending' as const })),
        status: 'pending' as const,
        attempts: 1,
        created_by: ctx.actor,
        created_at: ctx.now,
        updated_by: ctx.actor,
        updated_at: ctx.now,
        finished_at: null,
        version: 0,
      },
    };
  },
});
