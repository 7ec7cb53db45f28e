import { useCallback, useEffect, useRef, useState } from 'react';
import type { Store } from '../store';
import type { SyncRuntime } from './runtime';

/** One page of a list read: the rows, the total (when paged) and the server's next cursor. */
export interface ListPage<T> {
  lists: T[];
  total?: number;
  /** The next `updated_since`: the server sets it back itself to cover edits committing during a read. */
  server_time: string;
}

export interface ListQuery {
  page: number;
  page_size: number;
  updated_since?: string;
}

/** A list the browser keeps whole in the store: its snapshots' kind, the key of its last read, how to read it. */
export interface PulledList<T extends { id: string; version: number }> {
  kind: string;
  readKey: string;
  pageSize: number;
  read(query: ListQuery): Promise<ListPage<T>>;
}

const sinceOf = (cursor: string) => (Number.isNaN(Date.parse(cursor)) ? undefined : cursor);

/**
 * One read of the list, stored in two steps: its first page at once (a first read of a long list
 * shows rows without waiting for the rest), the other pages with the last one, which records the
 * read (a read cut off half-way is made again whole). Each step makes the screens showing the list
 * work it out again, hence not one step a page. `since` undefined reads the whole list and
 * replaces the stored one. Resolves with the server's time of the first page: whatever changes
 * while the later pages are read is read next time.
 */
async function readAndStore<T extends { id: string; version: number }>(
  store: Store,
  list: PulledList<T>,
  since: string | undefined,
): Promise<string> {
  const fetchedAt = Date.now();
  let serverTime: string | undefined;
  let read = 0;
  let unstored: T[] = [];
  for (let page = 1; ; page++) {
    const result = await list.read({
      page,
      page_size: list.pageSize,
      ...(since === undefined ? {} : { updated_since: since }),
    });
    serverTime ??= result.server_time;
    read += result.lists.length;
    unstored = unstored.concat(result.lists);
    // A list without a total is answered in one page.
    const more = result.total !== undefined && result.lists.length === list.pageSize && read < result.total;
    if (page === 1 || !more) {
      await store.putSnapshots(
        list.kind,
        unstored.map((row) => ({ id: row.id, version: row.version, data: row })),
        { key: list.readKey, fetchedAt, cursor: serverTime, replace: since === undefined, more },
      );
      unstored = [];
    }
    if (!more) return serverTime;
  }
}

/**
 * Brings a stored list up to date: the whole list the first time (replacing what the store held),
 * then only what changed since the last read. A whole-list read is followed by a read of what
 * changed meanwhile: an edit acknowledged while the pages were read is not on them, and the
 * replacement would otherwise drop it until the next read.
 */
export async function pullList<T extends { id: string; version: number }>(
  store: Store,
  list: PulledList<T>,
): Promise<void> {
  const last = await store.lastRead(list.readKey);
  const since = last?.cursor === undefined ? undefined : sinceOf(last.cursor);
  const serverTime = await readAndStore(store, list, since);
  const next = since === undefined ? sinceOf(serverTime) : undefined;
  if (next !== undefined) await readAndStore(store, list, next);
}

export type PullState = 'idle' | 'pulling' | 'done' | 'failed';

/**
 * Keeps stored lists fresh while a screen is open: a pull on opening and whenever the connection
 * comes back. Offline it does not try (the client would toast a network error); a failed pull
 * keeps the stored list, which the screen then shows with its time. `pull` must be stable.
 */
export function usePull(
  runtime: SyncRuntime | null,
  online: boolean,
  pullInto: (store: Store) => Promise<void>,
) {
  const [state, setState] = useState<PullState>('idle');
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const pull = useCallback(() => {
    if (!runtime || !navigator.onLine) return;
    if (running.current) {
      again.current = true;
      return;
    }
    setState('pulling');
    const run = (async () => {
      do {
        again.current = false;
        await pullInto(runtime.store);
      } while (again.current);
    })();
    running.current = run;
    run.then(
      () => setState('done'),
      () => setState('failed'),
    );
    void run
      .catch(() => undefined)
      .finally(() => {
        if (running.current === run) running.current = null;
      });
  }, [runtime, pullInto]);

  useEffect(() => {
    if (online) pull();
  }, [online, pull]);

  return { state, pull };
}
