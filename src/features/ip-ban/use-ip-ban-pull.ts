import { api } from '../../api';
import type { InputOf, OutputOf } from '../../contract';
import { limits } from '../../contract/limits';
import type { Store } from '../../store';
import { pullList, usePull } from '../../sync/pull';
import type { SyncRuntime } from '../../sync/runtime';

/** The snapshots' kind and the key of their last read in the store. */
export const ipBanKind = 'ipBan';
export const ipBanReadKey = 'ipBan';

type ListCall = (input: InputOf<'ipBanList'>) => Promise<OutputOf<'ipBanList'>>;

/** Brings the stored ban list up to date (see `pullList`). */
export function pullIpBans(store: Store, call: ListCall = (input) => api.call('ipBanList', input)) {
  return pullList(store, {
    kind: ipBanKind,
    readKey: ipBanReadKey,
    pageSize: limits.ipBan.pageSizeMax,
    read: (query) => call({ ...query, sort: 'id' }),
  });
}

const pullDefault = (store: Store) => pullIpBans(store);

/** Keeps the stored ban list fresh while the screen is open (see `usePull`). */
export const useIpBanPull = (runtime: SyncRuntime | null, online: boolean) =>
  usePull(runtime, online, pullDefault);
