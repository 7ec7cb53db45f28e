import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  type: ToastKind;
  title: string;
}

/**
 * The one toaster of the console: errors of the API client, warnings and confirmations.
 * Its code (the toast machine) loads with the first message, not with the first paint;
 * messages raised meanwhile are queued and shown once it has loaded.
 */
let queue: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function notify(type: ToastKind, title: string): void {
  if (show) return show({ type, title });
  queue.push({ type, title });
  want();
}

/** Loads the toaster once the browser is idle after the first paint, before any message needs it. */
export function preloadToaster(): void {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
  idle(() => want());
}

const take = (ready: (toast: Toast) => void) => {
  show = ready;
  const pending = queue;
  queue = [];
  pending.forEach(ready);
};

const ToasterView = lazy(() => import('./toaster-view').then((m) => ({ default: m.ToasterView })));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function AppToaster() {
  const needed = useSyncExternalStore(subscribe, () => wanted);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView take={take} />
    </Suspense>
  );
}
