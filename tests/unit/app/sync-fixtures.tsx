import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { CommandResult } from '../../../src/contract/commands';
import type { NewCommand } from '../../../src/store';
import { memoryLocks } from '../../../src/sync';
import type { PushOutcome, PushRequest, PushTransport } from '../../../src/sync';
import { openSyncRuntime } from '../../../src/sync/runtime';
import type { SyncRuntime } from '../../../src/sync/runtime';
import { system } from '../../../src/ui/system';

/** The source texts (English) as the catalogs would give them. */
export function activateEnglish() {
  i18n.load('en_US', {});
  i18n.activate('en_US');
}

export function Shell({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </ChakraProvider>
  );
}

/** The browser's connection as `navigator.onLine` and the window's events tell it. */
export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Accepts every command: each raises its item's version by one, the payload becomes the state. */
export const acceptAll = (request: PushRequest): PushOutcome => ({
  kind: 'answered',
  results: request.commands.map((c): CommandResult => ({
    key: c.key,
    code: 0,
    msg: '',
    data: { version: c.base_version + 1, snapshot: c.payload },
  })),
});

/**
 * The server at the network boundary: records every push and answers with `answer`, which a
 * test changes as it goes; a push can be held open until `release`.
 */
export function fakeServer() {
  const pushes: PushRequest[] = [];
  let answer: (request: PushRequest) => PushOutcome = acceptAll;
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;
  const transport: PushTransport = {
    async push(request) {
      pushes.push(request);
      if (gate) await gate;
      return answer(request);
    },
  };
  return {
    transport,
    pushes,
    answerWith(next: (request: PushRequest) => PushOutcome) {
      answer = next;
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open?.();
    },
  };
}

let nextActor = 1000;

/** A runtime on its own IndexedDB database (fake-indexeddb), with locks of this page only. */
export async function openTestRuntime(
  transport: PushTransport,
  actorId = (nextActor += 1),
): Promise<SyncRuntime> {
  return openSyncRuntime({
    actorId,
    accountId: actorId,
    transport,
    lock: memoryLocks(),
    channel: null,
    isOnline: () => navigator.onLine,
    backoffBaseMs: 60_000,
    backoffCapMs: 60_000,
  });
}

export const ban = (cidr: string, reason = 'abuse'): NewCommand => ({
  name: 'ipBan.ban',
  kind: 'ipBan',
  aggregateId: cidr,
  schemaVersion: 1,
  payload: { cidr, reason, expires_at: null },
});
