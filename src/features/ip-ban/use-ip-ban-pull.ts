import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { InputOf, OutputOf } from '../../contract';
import type { IpBanEntry } from '../../contract/ip-ban';
import { limits } from '../../contract/limits';
import type { Store } from '../../store';
import type { SyncRuntime } from '../../sync/runtime';

/** The snapshots' kind and the key of their last read in the store. */
export const ipBanKind = 'ipBan';
export const ipBanReadKey = 'ipBan';

type ListCall = (input: InputOf<'ipBanList'>) => Promise<OutputOf<'ipBanList'>>;

/** Reads every page of one query of the list. */
async function readAll(call: ListCall, updatedSince: string | undefined) {
  const pageSize = limits.ipBan.pageSizeMax;
  const entries: IpBanEntry[] = [];
  let serverTime: string | undefined;
  for (let page = 1; ; page++) {
    const result = await call({
      page,
      page_size: pageSize,
      sort: 'id',
      ...(updatedSince === undefined ? {} : { updated_since: updatedSince }),
    });
    // The first page's time: whatever changes while the later pages are read is read next time.
    serverTime ??= result.server_time;
    entries.push(...result.lists);
    if (result.lists.length < pageSize || page * pageSize >= result.total) break;
  }
  return { entries, serverTime: serverTime ?? new Date().toISOString() };
}

/** A cursor the server gave; it sets it back itself to cover edits committing during a read. */
const sinceOf = (cursor: string) => (Number.isNaN(Date.parse(cursor)) ? undefined : cursor);

/**
 * Brings the stored ban list up to date: the whole list the first time (replacing what the store
 * held), then only what changed since the last read. A whole-list read is followed by a read of
 * what changed meanwhile: an edit acknowledged while the pages were read is not on them, and the
 * replacement would otherwise drop it until the next read.
 */
export async function pullIpBans(store: Store, call: ListCall = (input) => api.call('ipBanList', input)) {
  const last = await store.lastRead(ipBanReadKey);
  const since = last?.cursor === undefined ? undefined : sinceOf(last.cursor);
  const serverTime = await readAndStore(store, call, since);
  const next = since === undefined ? sinceOf(serverTime) : undefined;
  if (next !== undefined) await readAndStore(store, call, next);
}

/** One read stored: `since` undefined reads the whole list and replaces the stored one. */
async function readAndStore(store: Store, call: ListCall, since: string | undefined): Promise<string> {
  const fetchedAt = Date.now();
  const { entries, serverTime } = await readAll(call, since);
  const rows = entries.map((entry) => ({ id: entry.id, version: entry.version, data: entry }));
  await store.putSnapshots(ipBanKind, rows, {
    key: ipBanReadKey,
    fetchedAt,
    cursor: serverTime,
    replace: since === undefined,
  });
  return serverTime;
}

export type PullState = 'idle' | 'pulling' | 'done' | 'failed';

/**
 * Keeps the stored ban list fresh while the screen is open: a pull on opening and whenever the
 * connection comes back. Offline it does not try (the client would toast a network error); a
 * failed pull keeps the stored list, which the screen then shows with its time.
 */
export function useIpBanPull(runtime: SyncRuntime | null, online: boolean) {
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
        await pullIpBans(runtime.store);
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
  }, [runtime]);

  useEffect(() => {
    if (online) pull();
  }, [online, pull]);

  return { state, pull };
}
