import { useEffect, useMemo } from 'react';
import { api } from '../../api';
import type { ContentTask } from '../../contract/content';
import { limits } from '../../contract/limits';
import { project, type ReadRow, type Store } from '../../store';
import { pullList, usePull } from '../../sync/pull';
import { useLiveQuery } from '../../sync/react';
import type { SyncRuntime } from '../../sync/runtime';
import { contentFold } from './fold';
import { anyUnfinished, toContentRows, type ContentRow } from './rows';

/** The snapshots' kind (the tasks' aggregate kind) and the key of their last read in the store. */
export const contentKind = 'contentTask';
export const contentReadKey = 'contentTask';

/** How often the records are read again while the server still works on a task. */
export const pollMs = 2_000;

/** Brings the stored records (the last 30 days' tasks) up to date (see `pullList`). */
export function pullContentTasks(store: Store): Promise<void> {
  return pullList(store, {
    kind: contentKind,
    readKey: contentReadKey,
    pageSize: limits.content.pageSizeMax,
    read: (query) => api.call('contentList', query, { quiet: true }),
  });
}

/**
 * Keeps the stored records fresh while the screen is open, and reads them again every few seconds
 * while a task waits or runs on the server (its URLs change state on their own).
 */
export function useContentPull(
  runtime: SyncRuntime | null,
  online: boolean,
  rows: readonly ContentRow[] | undefined,
) {
  const refresh = usePull(runtime, online, pullContentTasks);
  const working = rows !== undefined && anyUnfinished(rows);
  const { pull } = refresh;
  useEffect(() => {
    if (!working || !online) return;
    const timer = setInterval(pull, pollMs);
    return () => clearInterval(timer);
  }, [working, online, pull]);
  return refresh;
}

export interface ContentRecords {
  rows: ContentRow[];
  read: ReadRow | undefined;
}

/** The stored records with what waits on this device, at `now`; undefined until the store answers. */
export function useContentRecords(now: number): ContentRecords | undefined {
  const stored = useLiveQuery(async ({ store }) => {
    const snapshots = await store.snapshotsOf(contentKind);
    const outbox = await store.pending();
    return { snapshots, outbox, read: await store.lastRead(contentReadKey) };
  }, []);
  return useMemo(() => {
    if (!stored) return undefined;
    const projected = project<ContentTask>(stored.snapshots, stored.outbox, contentKind, contentFold);
    return { rows: toContentRows(projected, now), read: stored.read };
  }, [stored, now]);
}
