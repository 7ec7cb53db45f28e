import { z } from 'zod';
import { keptListPage, paging, updatedSince } from './fields';
import { entityId } from './domain';
import { limits } from './limits';
import { text } from './text';
import { contentKinds, contentTaskStatuses, contentUrlProblem } from './rules/content';

/**
 * Refresh and prefetch (spec §2 /cdn/content, §3 refresh record, §4 task states): a submission is
 * a task of one kind holding its URLs, each with its own state; the task's state follows from
 * theirs. Tasks are made and retried through the outbox (`src/commands/content`); a worker on
 * the server executes them.
 */

/** One URL of a task and how its execution went; `message_id` says why it failed. */
export const contentTaskUrl = z.object({
  url: z.string(),
  status: z.enum(contentTaskStatuses),
  message_id: z.string().optional(),
});
export type ContentTaskUrl = z.infer<typeof contentTaskUrl>;

export const contentTask = z.object({
  id: z.string(),
  kind: z.enum(contentKinds),
  urls: z.array(contentTaskUrl),
  /** pending while any URL waits, running while any runs, then failure if any failed, else success. */
  status: z.enum(contentTaskStatuses),
  /** 1, and one more for each retry of its failed URLs. */
  attempts: z.number().int().min(1),
  /** Who submitted it (spec §3 "operator"), and when. */
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string(),
  updated_at: z.string(),
  /** When the worker finished its last URL (spec §3 "finish time"); null while any waits or runs. */
  finished_at: z.string().nullable(),
  version: z.number().int().min(1),
});
export type ContentTask = z.infer<typeof contentTask>;

/** The task's state from its URLs' states. */
export function contentTaskStatus(urls: readonly { status: ContentTask['status'] }[]): ContentTask['status'] {
  if (urls.some((u) => u.status === 'running')) return 'running';
  if (urls.some((u) => u.status === 'pending')) return 'pending';
  return urls.some((u) => u.status === 'failure') ? 'failure' : 'success';
}

export const contentListQuery = z.object({
  kind: z.enum(contentKinds).optional(),
  status: z.enum(contentTaskStatuses).optional(),
  /** Part of a URL of the task. */
  keyword: text().trim().max(limits.content.urlMax).optional(),
  /** Submitted in [start, end); at most the days records are kept. */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  ...paging(limits.content.pageSizeMax),
  /** Only tasks changed after this time, their state included. */
  updated_since: updatedSince,
});
/** Newest first; only tasks of the last `limits.content.recordDays` days. */
export const contentListResult = keptListPage(contentTask);

const quotaOfKind = z.object({
  /** URLs submitted today (UTC+8), retries included. */
  used: z.number().int(),
  per_day: z.number().int(),
  per_submit: z.number().int(),
});
export const contentQuotaResult = z.object({
  /** The day counted, YYYY-MM-DD in UTC+8. */
  day: z.string(),
  url: quotaOfKind,
  dir: quotaOfKind,
  prefetch: quotaOfKind,
});
export type ContentQuota = z.infer<typeof contentQuotaResult>;
/** The refresh screen's quota, with the edge nodes in contact that execute the tasks (0: simulated). */
export const contentQuotaAnswer = contentQuotaResult.extend({ edge_nodes: z.number().int().min(0) });
export type ContentQuotaAnswer = z.infer<typeof contentQuotaAnswer>;

// ---- commands (through the outbox, see src/commands/content) ---------------------------------

/** A URL as typed, trimmed. */
const contentUrl = text().trim();

export const contentSubmitPayload = z
  .object({
    /** Chosen by the browser, so that a queued task has its id before the server has seen it. */
    id: entityId,
    kind: z.enum(contentKinds),
    urls: z.array(contentUrl).min(1, 'content.submit.empty'),
  })
  .superRefine((value, ctx) => {
    const max = limits.content.perSubmit[value.kind];
    if (value.urls.length > max) {
      ctx.addIssue({ code: 'custom', path: ['urls'], message: 'content.submit.tooMany', params: { max } });
      return;
    }
    const seen = new Set<string>();
    value.urls.forEach((url, i) => {
      const problem = contentUrlProblem(value.kind, url) ?? (seen.has(url) ? 'content.url.duplicate' : null);
      seen.add(url);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['urls', i],
          message: problem,
          ...(problem === 'content.url.tooLong' ? { params: { max: limits.content.urlMax } } : {}),
        });
    });
  });
export const contentRetryPayload = z.object({ id: entityId });
