import type { OutputOf } from '../../contract';
import { useCall, type Read } from '../../sync/reads';

/** One part of the overview: its answer, or why there is none yet. */
export type Part<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

export interface DashboardData {
  account: Part<OutputOf<'baseInfo'>>;
  domains: Part<OutputOf<'overviewDomains'>>;
  types: Part<OutputOf<'cdnType'>>;
  /** Channel accounts: the customer accounts it may view (itself excluded); null for others. */
  customers: Part<number> | null;
}

function partOf<T, U = T>(read: Read<T>, shape: (value: T) => U = (value) => value as unknown as U): Part<U> {
  if (read.data !== undefined) return { status: 'ready', value: shape(read.data) };
  return read.failed ? { status: 'failed' } : { status: 'loading' };
}

/**
 * The overview's online reads, through the read layer: each part shows what the device holds at
 * once (with its time when it may not be current), is read again, and fails on its own.
 */
export function useDashboardData(isChannel: boolean) {
  const account = useCall('baseInfo', {});
  const domains = useCall('overviewDomains', undefined, { once: true });
  const types = useCall('cdnType', undefined, { once: true });
  const viewable = useCall('viewLists', {}, { enabled: isChannel });
  const data: DashboardData = {
    account: partOf(account),
    domains: partOf(domains),
    types: partOf(types),
    customers: isChannel ? partOf(viewable, (answer) => Math.max(0, answer.lists.length - 1)) : null,
  };
  const reload = () => {
    for (const read of [account, domains, types, ...(isChannel ? [viewable] : [])]) {
      if (read.failed || read.data === undefined) read.refetch();
    }
  };
  return { data, reload };
}
