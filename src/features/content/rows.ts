import type { ContentTask } from '../../contract/content';
import { limits } from '../../contract/limits';
import { pendingState, type Projected } from '../../store';
import type { ContentSearch } from './search';

const dayMs = 24 * 60 * 60 * 1000;

/** One task of the records as the screen shows it: the server's, or one still on this device. */
export interface ContentRow {
  id: string;
  task: ContentTask;
  /** When it was submitted (epoch ms): the server's time, or when it was queued here. */
  submittedAt: number;
  /** Its submission or retry not yet applied by the server; null when there is none. */
  queued: 'queued' | 'rejected' | 'conflict' | null;
  /** The server's message for a rejected submission or retry. */
  rejection?: string;
  /** URLs by state. */
  counts: Record<ContentTask['status'], number>;
}

/** The records with what waits on this device folded in, newest first; tasks past the kept days dropped. */
export function toContentRows(projected: readonly Projected<ContentTask>[], now: number): ContentRow[] {
  const oldest = now - limits.content.recordDays * dayMs;
  const rows: ContentRow[] = [];
  for (const item of projected) {
    const task = item.state;
    if (!task) continue;
    const first = item.pending[0];
    const submittedAt = item.server ? Date.parse(item.server.created_at) : (first?.createdAt ?? now);
    if (submittedAt < oldest) continue;
    const rejected = item.pending.find((entry) => entry.state !== 'queued' && entry.error);
    const counts = { pending: 0, running: 0, success: 0, failure: 0 };
    for (const url of task.urls) counts[url.status] += 1;
    rows.push({
      id: item.id,
      task,
      submittedAt,
      queued: pendingState(item.pending),
      ...(rejected?.error ? { rejection: rejected.error.msg } : {}),
      counts,
    });
  }
  return rows.sort((a, b) => b.submittedAt - a.submittedAt || a.id.localeCompare(b.id));
}

/** The rows the records' filters keep: kind, state, a part of a URL, and how many days back. */
export function filterContentRows(
  rows: readonly ContentRow[],
  search: ContentSearch,
  now: number,
): ContentRow[] {
  const since = now - (search.range ?? 7) * dayMs;
  const keyword = search.keyword?.trim().toLowerCase() ?? '';
  return rows.filter(
    (row) =>
      row.submittedAt >= since &&
      (!search.kind || row.task.kind === search.kind) &&
      (!search.status || row.task.status === search.status) &&
      (keyword === '' || row.task.urls.some((u) => u.url.toLowerCase().includes(keyword))),
  );
}

/** Whether the server still has work to do on any task (the records are then read again shortly). */
export const anyUnfinished = (rows: readonly ContentRow[]): boolean =>
  rows.some((row) => row.queued === null && (row.task.status === 'pending' || row.task.status === 'running'));

/**
 * URLs of each kind queued on this device and not yet counted by the server: they will use the
 * quota when sent (a retry counts its failed URLs).
 */
export function queuedUse(rows: readonly ContentRow[]): Record<ContentTask['kind'], number> {
  const use = { url: 0, dir: 0, prefetch: 0 };
  for (const row of rows) if (row.queued === 'queued') use[row.task.kind] += row.counts.pending;
  return use;
}
