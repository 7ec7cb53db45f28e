import {
  QueryClient,
  QueryClientProvider,
  useIsFetching,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { experimental_createQueryPersister } from '@tanstack/react-query-persist-client';
import type { ComponentType, ReactNode } from 'react';
import { api, ApiError, isApiError } from '../api';
import type { EndpointName, InputOf, OutputOf } from '../contract';
import { openReadCache } from '../store/read-cache';

/**
 * The one read layer for data that is not an aggregate the user edits (statistics, reports, log
 * files): TanStack Query, each answer persisted on its own to the account pair's read cache in
 * IndexedDB, so what a user viewed in the last 7 days stays readable offline with "as of".
 */
const readMaxAgeMs = 7 * 86_400_000;

export interface ReadAccounts {
  actorId: number;
  accountId: number;
}

let shared: { client: QueryClient; accounts: string } | null = null;

/**
 * The page's read client (switching account or language reloads the page, so one serves the
 * page's life). `offlineFirst`: a query runs its function even offline, so the persister can
 * answer from the cache; the network is tried and fails quietly.
 */
function readClient(accounts: ReadAccounts | null): QueryClient {
  const name = accounts ? `${accounts.actorId}-${accounts.accountId}` : '';
  if (shared?.accounts === name) return shared.client;
  const storage = accounts ? openReadCache(accounts.actorId, accounts.accountId) : null;
  const persister = experimental_createQueryPersister<string>({
    storage,
    maxAge: readMaxAgeMs,
    // Raised when a stored answer's shape changes (2: traffic series points as columns).
    buster: '2',
    prefix: 'read',
    // An answer kept from an earlier page is shown at once and read again: what changed since
    // (elsewhere, or by a script with a token) shows after a reload, however recent the answer.
    refetchOnRestore: 'always',
  });
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 30 * 60_000,
        retry: (failures, error) => failures < 2 && isNetworkError(error),
        refetchOnWindowFocus: false,
        persister: persister.persisterFn,
      },
    },
  });
  // Answers older than a week are dropped once the page has settled.
  setTimeout(() => void persister.persisterGc().catch(() => {}), 15_000);
  shared = { client, accounts: name };
  return client;
}

const isNetworkError = (error: unknown) => isApiError(error) && error.code === ApiError.networkCode;

export function ReadsProvider({
  accounts,
  children,
}: {
  accounts: ReadAccounts | null;
  children: ReactNode;
}) {
  return <QueryClientProvider client={readClient(accounts)}>{children}</QueryClientProvider>;
}

/** A screen inside the read layer of the account pair a hook gives (the signed-in actor and account). */
export function withReads<P extends object>(Body: ComponentType<P>, useAccounts: () => ReadAccounts | null) {
  return function WithReads(props: P) {
    return (
      <ReadsProvider accounts={useAccounts()}>
        <Body {...props} />
      </ReadsProvider>
    );
  };
}

/**
 * How the answers a screen shows stand, in the words of the stored lists: the time of the oldest
 * when it may not be current (offline, or the last read failed), whether one is being read, and
 * the refresh that reads them all again.
 */
export interface ReadsStatus {
  fetchedAt: number | undefined;
  neverRead: boolean;
  online: boolean;
  pullState: 'pulling' | 'failed' | 'done';
  pull: () => void;
}

export function useReadsStatus(online: boolean): ReadsStatus {
  const client = useQueryClient();
  const fetching = useIsFetching() > 0;
  const shown = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((q) => q.state.data !== undefined);
  const failed = shown.some((q) => q.state.status === 'error' || q.state.fetchStatus === 'paused');
  const oldest = Math.min(...shown.map((q) => q.state.dataUpdatedAt).filter((at) => at > 0));
  return {
    fetchedAt: Number.isFinite(oldest) ? oldest : undefined,
    neverRead: shown.length === 0,
    online,
    pullState: fetching ? 'pulling' : failed ? 'failed' : 'done',
    pull: () => void client.refetchQueries({ type: 'active' }),
  };
}

export interface Read<T> {
  data: T | undefined;
  /** When the shown data was read from the server (epoch ms); 0 when none. */
  fetchedAt: number;
  /** The last attempt failed (offline, or the server refused): the data shown may be older. */
  failed: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * One online call read through the layer: its answer, the time of that answer and whether the
 * last attempt failed. Quiet: the screen shows a failure in place, never as a toast.
 */
export function useCall<N extends EndpointName>(
  name: N,
  input: InputOf<N>,
  options: {
    /** How often to read again: fixed, or decided by the last answer. */
    refetchInterval?: number | false | ((data: OutputOf<N> | undefined) => number | false);
    /** False: not read (a part the account does not have); true by default. */
    enabled?: boolean;
    /**
     * Read once for the life of the page (spec §7 "cached, called once"): a kept answer shows
     * and is read once more; later mounts take the page's answer.
     */
    once?: boolean;
  } = {},
): Read<OutputOf<N>> {
  const every = options.refetchInterval ?? false;
  const query = useQuery({
    queryKey: [name, input],
    queryFn: () => api.call(name, input, { quiet: true }),
    refetchInterval: typeof every === 'function' ? (q) => every(q.state.data) : every,
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
    ...(options.once ? { staleTime: Infinity } : {}),
  });
  return {
    data: query.data,
    fetchedAt: query.dataUpdatedAt,
    failed: query.isError || query.isPaused,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
