import { Code } from '../../contract/codes';
import type { ContentTask } from '../../contract/content';
import { contentQuotaProblem, type ContentKind } from '../../contract/rules/content';
import { Refusal } from '../command';

export const menuPath = '/cdn/content';
export const tag = 'content';

/** What the server reads for a submission or a retry beyond the task: today's use of the quota. */
export interface QuotaFacts {
  /** URLs of this kind submitted today (UTC+8), retries included. */
  used: number;
}

/**
 * What the server reads for a submission or a retry: the quota, and the first URL (of those to
 * run) whose host is not served by an active domain the actor may act on.
 */
export interface ContentFacts extends QuotaFacts {
  unaccelerated: { index: number; host: string } | null;
}

/** Refuses the URL whose host is not an accelerated domain the actor may act on; `path` of its field. */
export function requireAccelerated(facts: ContentFacts | undefined, path: (index: number) => string): void {
  const unaccelerated = facts?.unaccelerated;
  if (unaccelerated)
    throw new Refusal('content.url.notAccelerated', path(unaccelerated.index), undefined, {
      host: unaccelerated.host,
    });
}

/** Refuses `count` more URLs of `kind` beyond what today's quota leaves (spec §8, §9). */
export function requireQuota(kind: ContentKind, count: number, facts: QuotaFacts | undefined): void {
  if (!facts) return;
  const problem = contentQuotaProblem(kind, count, facts.used);
  if (problem) throw new Refusal(problem.messageId, 'urls', Code.limitReached, problem.data);
}

/** The task, which must exist. */
export function existingTask(task: ContentTask | undefined): ContentTask {
  if (!task) throw new Refusal('content.task.notFound', 'id', Code.notFound);
  return task;
}
