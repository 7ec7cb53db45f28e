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

/**
 * Loads the toaster a few seconds after the page has loaded, when the browser is idle: before any
 * message is likely (and while the network is there, for a console without its service worker
 * yet), but never in the way of the first screen's code and data.
 */
export function preloadToaster(): void {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0));
  const later = () => setTimeout(() => idle(() => want()), 3000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
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
