/**
 * One sender per browser: the tab holding the lock sends; the others wait for it and take
 * over as soon as it is released, which the browser does at once when the holding tab dies.
 */
export interface LeaderLock {
  /** Resolves with a release function once this tab holds `name`; rejects when `signal` aborts first. */
  acquire(name: string, signal: AbortSignal): Promise<() => void>;
}

const aborted = () => new DOMException('The wait for the lock was abandoned.', 'AbortError');

/** The Web Locks API (`navigator.locks`). */
export function webLocks(locks: LockManager): LeaderLock {
  return {
    acquire(name, signal) {
      return new Promise((resolve, reject) => {
        locks
          .request(name, { signal }, () => new Promise<void>((release) => resolve(() => release())))
          .catch((error: unknown) => reject(error instanceof Error ? error : aborted()));
      });
    },
  };
}

/**
 * Locks inside one JavaScript realm: for browsers without Web Locks (one tab then sends
 * alone per page) and for tests that run several tabs in one process.
 */
export function memoryLocks(): LeaderLock {
  const holders = new Map<string, boolean>();
  const waiting = new Map<string, (() => void)[]>();
  const grant = (name: string) => {
    const next = waiting.get(name)?.shift();
    if (next) next();
    else holders.delete(name);
  };
  return {
    acquire(name, signal) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(aborted());
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          grant(name);
        };
        const take = () => {
          signal.removeEventListener('abort', onAbort);
          holders.set(name, true);
          resolve(release);
        };
        const onAbort = () => {
          const queue = waiting.get(name) ?? [];
          waiting.set(
            name,
            queue.filter((f) => f !== take),
          );
          reject(aborted());
        };
        if (!holders.get(name)) return take();
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(name, [...(waiting.get(name) ?? []), take]);
      });
    },
  };
}

/** The browser's lock manager when it has one, otherwise locks of this page only. */
export function defaultLeaderLock(): LeaderLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? webLocks(locks) : memoryLocks();
}
