import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Language } from '../../contract';
import { SyncAvailabilityProvider, SyncRuntimeProvider } from '../../sync/react';
import type { SyncRuntime } from '../../sync/runtime';
import type { LoginInfo } from '../../ui/app-state';
import { screenUsesStore } from '../screens';
import { PersistedProvider } from './persistence';

export interface SyncAccounts {
  /** The signed-in account, owner of the token. */
  actorId: number;
  /** The active account the edits belong to. */
  accountId: number;
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The accounts of the sync runtime; null when boot data cached by an older console lacks `user_id`. */
export function syncAccountsOf(loginInfo: LoginInfo | null): SyncAccounts | null {
  if (!loginInfo) return null;
  const { user_id: actorId, view_id: accountId } = loginInfo as Partial<LoginInfo>;
  return isId(actorId) && isId(accountId) ? { actorId, accountId } : null;
}

/** How the runtime is opened and the browser asked to keep the storage; tests give their own. */
export interface SyncServices {
  open(accounts: SyncAccounts, language: Language, soon: boolean): Promise<SyncRuntime>;
  persistence(ask: boolean): Promise<boolean | null>;
}

/** Time left to the first screen, on a fresh page, before the runtime's code loads. */
const firstScreenMs = 3000;

/**
 * Dexie marks its presence on the global object (its guard against two copies). A screen that
 * works on the store brings it with its own code: the runtime then costs nothing more.
 */
const dexieLoaded = () => Symbol.for('Dexie') in globalThis;

function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const start = Date.now();
    const check = () => {
      if (dexieLoaded()) return resolve();
      if (Date.now() - start < firstScreenMs) return void setTimeout(check, 250);
      const idle = globalThis.requestIdleCallback;
      if (idle) idle(() => resolve(), { timeout: 2000 });
      else resolve();
    };
    check();
  });
}

/**
 * The runtime's code (Dexie, about 30 KB gzip) is not part of the first load (its budget,
 * `npm run bench`): it loads once the first screen has had its turn, or as soon as a screen
 * that needs it has loaded Dexie. Started offline, nothing competes for the network and the
 * edits kept on this device are what the user came for: at once.
 */
const lazyServices: SyncServices = {
  async open(accounts, language, soon) {
    // A screen that shows what the store holds (the domain list, the ban list) needs it at once.
    if (!soon && !screenUsesStore(location.hash)) await afterFirstScreen();
    const { openRuntime } = await import('./open-runtime');
    return openRuntime(accounts, language);
  },
  async persistence(ask) {
    const { persistence } = await import('./open-runtime');
    return persistence(ask);
  },
};

interface SyncRootProps {
  /** Null: no runtime (old boot cache); the screens show their online-only state. */
  accounts: SyncAccounts | null;
  language: Language;
  /** The console started from the boot cache, without a connection. */
  startedOffline: boolean;
  services?: SyncServices;
  children: ReactNode;
}

/**
 * Opens the store and the sender of the account pair, provides them to the screens, and keeps the
 * sender in step with the page: it resumes when the connection comes back or the page is looked
 * at again, and stops when the page goes away. Switching account or language reloads the page,
 * so one runtime serves the page's life.
 */
export function SyncRoot({
  accounts,
  language,
  startedOffline,
  services = lazyServices,
  children,
}: SyncRootProps) {
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null);
  const [failed, setFailed] = useState(false);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const actorId = accounts?.actorId ?? null;
  const accountId = accounts?.accountId ?? null;

  useEffect(() => {
    if (actorId === null || accountId === null) return;
    let active = true;
    let opened: SyncRuntime | null = null;
    services
      .open({ actorId, accountId }, language, startedOffline)
      .then(async (next) => {
        if (!active) return next.close();
        opened = next;
        next.engine.start();
        setRuntime(next);
        const answer = await services.persistence(!startedOffline);
        if (!active) return;
        next.persisted = answer;
        setPersisted(answer);
      })
      .catch((error: unknown) => {
        // No IndexedDB (storage disabled, some private modes): the console works online only.
        console.warn('The offline store could not be opened.', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
      opened?.close();
      setRuntime(null);
    };
  }, [actorId, accountId, language, startedOffline, services]);

  useEffect(() => {
    if (!runtime) return;
    const { engine } = runtime;
    const resume = () => engine.kick({ fresh: true });
    // The sender notices a lost connection on its next round; this starts that round.
    const onOffline = () => engine.kick();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') resume();
    };
    const onPageHide = () => engine.stop();
    // Back from the back-forward cache: the page lives again, so does its sender.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      engine.start();
      resume();
    };
    const listeners: [Window | Document, string, (event: never) => void][] = [
      [window, 'online', resume],
      [window, 'offline', onOffline],
      [window, 'focus', resume],
      [window, 'pagehide', onPageHide],
      [window, 'pageshow', onPageShow],
      [document, 'visibilitychange', onVisibility],
    ];
    for (const [target, type, listener] of listeners)
      target.addEventListener(type, listener as EventListener);
    return () => {
      for (const [target, type, listener] of listeners)
        target.removeEventListener(type, listener as EventListener);
    };
  }, [runtime]);

  const availability = runtime
    ? 'ready'
    : failed || actorId === null || accountId === null
      ? 'unavailable'
      : 'opening';
  return (
    <SyncAvailabilityProvider value={availability}>
      <SyncRuntimeProvider value={runtime}>
        <PersistedProvider value={persisted}>{children}</PersistedProvider>
      </SyncRuntimeProvider>
    </SyncAvailabilityProvider>
  );
}
