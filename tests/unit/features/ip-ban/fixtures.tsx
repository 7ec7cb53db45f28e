import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { configureApi } from '../../../../src/api';
import type { IpBanEntry } from '../../../../src/contract/ip-ban';
import { memoryLocks, type PushTransport } from '../../../../src/sync';
import { SyncRuntimeProvider } from '../../../../src/sync/react';
import { openSyncRuntime, type SyncRuntime } from '../../../../src/sync/runtime';
import { AppStateProvider, type AppState } from '../../../../src/ui/app-state';
import { system } from '../../../../src/ui/system';

/** The source texts (English), as the catalog gives them. */
export function activateEnglish() {
  i18n.load('en_US', {});
  i18n.activate('en_US', ['en-US']);
}

/** The browser's connection as `navigator.onLine` and the window's events tell it. */
export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

export const appState: AppState = {
  language: 'en_US',
  serviceOpen: true,
  loginInfo: {
    view_id: 7,
    user_id: 7,
    login: 'demo',
    lists: [],
    login_account_source: 0,
    service_status: 'open',
    kind: 'main',
  },
  menu: [],
  dict: {},
  cwn: { has_cwn: false, cwn_link: '' },
  isChannel: false,
  isTopUrlType: false,
  offlineSince: null,
};

export function Shell({ runtime, children }: { runtime?: SyncRuntime | null; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <AppStateProvider value={appState}>
          <SyncRuntimeProvider value={runtime ?? null}>{children}</SyncRuntimeProvider>
        </AppStateProvider>
      </I18nProvider>
    </ChakraProvider>
  );
}

/** A server that never answers: the screen tests look at the outbox, not at sending. */
export const silentTransport: PushTransport = {
  push: () => new Promise(() => undefined),
};

let nextActor = 5000;

/** A runtime on a database of its own (fake-indexeddb); its sender is not started. */
export function openTestRuntime(): Promise<SyncRuntime> {
  nextActor += 1;
  return openSyncRuntime({
    actorId: nextActor,
    accountId: nextActor,
    transport: silentTransport,
    lock: memoryLocks(),
    channel: null,
    isOnline: () => navigator.onLine,
  });
}

/** An entry as the server lists it. */
export function entry(id: string, change: Partial<IpBanEntry> = {}): IpBanEntry {
  return {
    id,
    family: id.includes(':') ? 6 : 4,
    reason: '',
    expires_at: null,
    status: 'banned',
    created_by: 'demo',
    created_at: '2026-01-10T08:00:00.000Z',
    updated_by: 'demo',
    updated_at: '2026-01-10T08:00:00.000Z',
    version: 1,
    ...change,
  };
}

/**
 * The server at the network boundary, absent: every request is recorded in `requests` (when
 * given) and fails as a lost connection would.
 */
export function noNetwork(requests?: string[]) {
  configureApi({
    fetch: (input) => {
      requests?.push(String(input));
      return Promise.reject(new TypeError('no network in this test'));
    },
    getToken: () => 't',
    getLanguage: () => 'en_US',
    notifyError: () => undefined,
    redirect: () => undefined,
    networkErrorText: () => 'network error',
  });
}
