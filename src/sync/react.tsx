import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncStatus } from './engine';
import type { SyncRuntime } from './runtime';

const SyncContext = createContext<SyncRuntime | null>(null);

export const SyncRuntimeProvider = SyncContext.Provider;

/**
 * Whether this page will have a runtime: `opening` until it is ready, `unavailable` when the
 * browser gives no storage (or the account pair is unknown): the screens then work online only.
 */
export type SyncAvailability = 'opening' | 'ready' | 'unavailable';
const AvailabilityContext = createContext<SyncAvailability>('opening');
export const SyncAvailabilityProvider = AvailabilityContext.Provider;
export function useSyncAvailability(): SyncAvailability {
  return useContext(AvailabilityContext);
}

/** The sync runtime of the active account; null while it opens (or where storage is unavailable). */
export function useSyncRuntime(): SyncRuntime | null {
  return useContext(SyncContext);
}

const stoppedStatus: SyncStatus = { phase: 'stopped', retryAt: null, message: null };

/** The sender's status, in every tab (followers show the leader's). */
export function useSyncStatus(): SyncStatus {
  const runtime = useSyncRuntime();
  return useSyncExternalStore(
    (onChange) => runtime?.engine.subscribe(onChange) ?? (() => {}),
    () => runtime?.engine.status ?? stoppedStatus,
  );
}

/**
 * A read of the offline store failed (IndexedDB refused, its code could not be loaded): thrown
 * while rendering, so the screen's error boundary shows it with a retry instead of a spinner that
 * never ends.
 */
export class StoreReadError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'StoreReadError';
  }
}

export const isStoreReadError = (error: unknown): error is StoreReadError => error instanceof StoreReadError;

/**
 * The result of an IndexedDB query, kept up to date as the store changes, in this tab or another.
 * `undefined` until the first answer; a failed read throws `StoreReadError` while rendering (the
 * shell's own indicators, outside any screen, ask to get `undefined` instead). `deps` decide when
 * the query is re-subscribed (a remount, as the error boundary's retry does, too).
 */
export function useLiveQuery<T>(
  query: (runtime: SyncRuntime) => Promise<T>,
  deps: readonly unknown[],
  options: { onError: 'throw' | 'undefined' } = { onError: 'throw' },
): T | undefined {
  const runtime = useSyncRuntime();
  const [result, setResult] = useState<
    { key: unknown[]; value: T } | { key: unknown[]; error: StoreReadError } | undefined
  >(undefined);
  const key = [runtime, ...deps];
  useEffect(() => {
    if (!runtime) return;
    // Dexie is loaded with the runtime, never with the shell that provides it: by the time a
    // runtime exists this import is already resolved.
    let subscription: { unsubscribe(): void } | null = null;
    let cancelled = false;
    const fail = (reason: unknown) => {
      if (!cancelled) setResult({ key, error: new StoreReadError(reason) });
    };
    import('dexie').then(({ liveQuery }) => {
      if (cancelled) return;
      subscription = liveQuery(() => query(runtime)).subscribe({
        next: (value) => setResult({ key, value }),
        error: fail,
      });
    }, fail);
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
    // The caller's deps are the dependencies; `query` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, key);
  const current =
    result && result.key.length === key.length && result.key.every((k, i) => Object.is(k, key[i]));
  if (!current) return undefined;
  if ('error' in result) {
    if (options.onError === 'throw') throw result.error;
    return undefined;
  }
  return result.value;
}
