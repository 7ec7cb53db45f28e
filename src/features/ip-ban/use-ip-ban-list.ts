import { useMemo } from 'react';
import type { IpBanEntry } from '../../contract/ip-ban';
import { project, type ReadRow } from '../../store';
import { useLiveQuery } from '../../sync/react';
import { ipBanFold } from './fold';
import { toRows, type IpBanRow } from './rows';
import { ipBanKind, ipBanReadKey } from './use-ip-ban-pull';

export interface IpBanList {
  /** Every entry as the user sees it: the server's list with the pending edits folded over it. */
  rows: IpBanRow[];
  /** The last read of the list from the server; undefined when it was never read on this device. */
  read: ReadRow | undefined;
}

/**
 * The ban list from the store, kept up to date as the store changes (in this tab or another):
 * undefined until the store has answered (or while there is no store).
 */
export function useIpBanList(now: number): IpBanList | undefined {
  const stored = useLiveQuery(async ({ store }) => {
    const snapshots = await store.snapshotsOf(ipBanKind);
    const outbox = await store.pending();
    const read = await store.lastRead(ipBanReadKey);
    return { snapshots, outbox, read };
  }, []);
  const projected = useMemo(
    () => (stored ? project<IpBanEntry>(stored.snapshots, stored.outbox, ipBanKind, ipBanFold) : undefined),
    [stored],
  );
  const rows = useMemo(() => (projected ? toRows(projected, now) : undefined), [projected, now]);
  return rows && stored ? { rows, read: stored.read } : undefined;
}
