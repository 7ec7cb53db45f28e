import { useCallback, useEffect, useState } from 'react';
import { api, callOnce, takeStarted } from '../../api';
import type { OutputOf } from '../../contract';

export interface DashboardData {
  account: OutputOf<'baseInfo'> | null;
  domains: OutputOf<'overviewDomains'> | null;
  types: OutputOf<'cdnType'> | null;
  /** Channel accounts: the customer accounts it may view (itself excluded). */
  customers: number | null;
}

export type DashboardState = { status: 'loading' } | { status: 'ready'; data: DashboardData };

/** The overview's online reads; each part fails on its own and shows its own error state. */
export function useDashboardData(isChannel: boolean) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; state: DashboardState } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const setState = (state: DashboardState) => setResult({ attempt, state });
    void Promise.allSettled([
      takeStarted('baseInfo') ?? api.call('baseInfo', {}),
      callOnce('overviewDomains'),
      callOnce('cdnType'),
      isChannel ? api.call('viewLists', {}) : Promise.reject(new Error('not a channel account')),
    ]).then(([account, domains, types, viewable]) => {
      if (cancelled) return;
      setState({
        status: 'ready',
        data: {
          account: account.status === 'fulfilled' ? account.value : null,
          domains: domains.status === 'fulfilled' ? domains.value : null,
          types: types.status === 'fulfilled' ? types.value : null,
          customers: viewable.status === 'fulfilled' ? Math.max(0, viewable.value.lists.length - 1) : null,
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, isChannel]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: DashboardState = result?.attempt === attempt ? result.state : { status: 'loading' };
  return { state, reload };
}
