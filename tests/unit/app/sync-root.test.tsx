import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../src/api';
import { SyncIndicator } from '../../../src/app/sync/sync-indicator';
import { SyncRoot } from '../../../src/app/sync/sync-root';
import type { SyncAccounts, SyncServices } from '../../../src/app/sync/sync-root';
import type { SyncRuntime } from '../../../src/sync/runtime';
import {
  Shell,
  acceptAll,
  activateEnglish,
  ban,
  fakeServer,
  openTestRuntime,
  setOnline,
} from './sync-fixtures';

let server: ReturnType<typeof fakeServer>;
let runtime: SyncRuntime | null;
let persisted: boolean | null;
let asked: boolean[];
let nextId = 5000;

const services: SyncServices = {
  async open(accounts) {
    runtime = await openTestRuntime(server.transport, accounts.actorId);
    return runtime;
  },
  async persistence(ask) {
    asked.push(ask);
    return persisted;
  },
};

function renderRoot(options: { accounts?: SyncAccounts | null; startedOffline?: boolean } = {}) {
  nextId += 1;
  const accounts = options.accounts === undefined ? { actorId: nextId, accountId: nextId } : options.accounts;
  return render(
    <Shell>
      <SyncRoot
        accounts={accounts}
        language="en_US"
        startedOffline={options.startedOffline ?? false}
        services={services}
      >
        <SyncIndicator />
      </SyncRoot>
    </Shell>,
  );
}

/**
 * The indicator's button once the runtime is open, by what it says. Opening the runtime (Dexie on
 * a fake IndexedDB) takes well over the finder's default second on a machine busy with the other
 * suites, so the wait is longer; a state that never comes still fails.
 */
const indicator = (name: string | RegExp) => screen.findByRole('button', { name }, { timeout: 10_000 });
/** What assistive technology is told when the state changes. */
const announced = () => screen.getByRole('status').textContent;
const rt = () => {
  if (!runtime) throw new Error('the runtime is not open');
  return runtime;
};

beforeEach(() => {
  activateEnglish();
  setOnline(true);
  server = fakeServer();
  runtime = null;
  persisted = true;
  asked = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the connectivity indicator, driven by the real sender', () => {
  it('says online, then syncing N while edits are on their way, then online again', async () => {
    renderRoot();
    await indicator('Sync status: Online.');
    server.hold();
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
      await rt().enqueue(ban('192.0.2.2'));
    });
    await indicator('Sync status: Syncing 2.');
    expect(announced()).toBe('Syncing 2');
    act(() => server.release());
    await indicator('Sync status: Online.');
    expect(announced()).toBe('Online');
    expect(server.pushes.flatMap((p) => p.commands.map((c) => c.aggregate_id))).toEqual([
      '192.0.2.1',
      '192.0.2.2',
    ]);
  });

  it('says offline with what waits, and sends it as soon as the connection is back', async () => {
    renderRoot();
    await indicator('Sync status: Online.');
    act(() => setOnline(false));
    await indicator('Sync status: Offline.');
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await indicator('Sync status: Offline · 1 pending.');
    expect(server.pushes).toHaveLength(0);

    act(() => setOnline(true));
    await indicator('Sync status: Online.');
    expect(server.pushes).toHaveLength(1);
  });

  it('shows when it will retry after a failure, and tries again at once when the window gets the focus', async () => {
    server.answerWith(() => ({ kind: 'retry', retryAfterMs: 60_000 }));
    renderRoot();
    await indicator('Sync status: Online.');
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await indicator(/^Sync status: Retry at \d{2}:\d{2}:\d{2}\.$/);
    expect(server.pushes).toHaveLength(1);

    server.answerWith(acceptAll);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await indicator('Sync status: Online.');
    expect(server.pushes).toHaveLength(2);
  });

  it('asks to sign in again, and goes to the sign-in page keeping the current route', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    location.hash = '#/cdn/ip-ban';
    server.answerWith(() => ({ kind: 'signIn' }));
    renderRoot();
    await indicator('Sync status: Online.');
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await indicator('Sync status: Sign in to sync.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(assign).toHaveBeenCalledWith(
      expect.stringMatching(/^\/portal\/login\?redirect_uri=%2F&state=[0-9a-f]{32}$/),
    );
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('#/cdn/ip-ban');
  });

  it("says the server's reason when it pauses sending", async () => {
    server.answerWith(() => ({
      kind: 'blocked',
      code: 40303,
      msg: 'The service of this account is not open.',
    }));
    renderRoot();
    await indicator('Sync status: Online.');
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await indicator('Sync status: Sync paused: The service of this account is not open.');
  });

  it('counts the edits that need the user, and warns when the browser may clear them', async () => {
    persisted = false;
    server.answerWith((request) => ({
      kind: 'answered',
      results: request.commands.map((c) => ({ key: c.key, code: 40905, msg: 'Refused', data: {} })),
    }));
    renderRoot();
    await indicator('Sync status: Online.');
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await indicator('Sync status: Online. Needing attention: 1. Unsynced changes at risk.');
  });

  it('opens the pending-changes panel', async () => {
    renderRoot();
    const button = await indicator('Sync status: Online.');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Pending changes' }, { timeout: 10_000 })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('No pending changes')).toBeTruthy();
  });

  it('only tells the connection when there is no runtime (boot data of an older console)', async () => {
    renderRoot({ accounts: null });
    expect(announced()).toBe('Online');
    act(() => setOnline(false));
    expect(announced()).toBe('Offline');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the sync root', () => {
  it('asks the browser to keep the data after an online start, and only reads the answer offline', async () => {
    const online = renderRoot();
    await indicator('Sync status: Online.');
    await waitFor(() => expect(asked).toEqual([true]));
    online.unmount();
    renderRoot({ startedOffline: true });
    await indicator('Sync status: Online.');
    await waitFor(() => expect(asked).toEqual([true, false]));
  });

  it('stops sending when the page goes away, and resumes when it comes back from the cache', async () => {
    renderRoot();
    await indicator('Sync status: Online.');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(async () => {
      await rt().enqueue(ban('192.0.2.1'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.pushes).toHaveLength(0);

    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await waitFor(() => expect(server.pushes).toHaveLength(1));
  });

  it('closes the runtime with the console', async () => {
    const { unmount } = renderRoot();
    await indicator('Sync status: Online.');
    unmount();
    expect(rt().engine.status.phase).toBe('stopped');
  });
});
