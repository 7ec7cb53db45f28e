import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScreenError } from '../../../src/app/layout/screen-error';
import { IpBanScreen } from '../../../src/features/ip-ban/ip-ban-screen';
import type { SyncRuntime } from '../../../src/sync/runtime';
import { activateEnglish, entry, noNetwork, openTestRuntime, Shell } from '../features/ip-ban/fixtures';

let runtime: SyncRuntime | undefined;

beforeAll(activateEnglish);
beforeEach(() => noNetwork([]));
afterEach(() => {
  cleanup();
  runtime?.close();
  runtime = undefined;
});

/** The screen in a router made as the console makes it: its error component is ScreenError. */
function routed(given: SyncRuntime) {
  const root = createRootRoute();
  const ipBan = createRoute({
    getParentRoute: () => root,
    path: '/cdn/ip-ban',
    component: () => <IpBanScreen search={{}} onSearchChange={() => {}} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([ipBan]),
    history: createMemoryHistory({ initialEntries: ['/cdn/ip-ban'] }),
    defaultErrorComponent: ScreenError,
  });
  return (
    <Shell runtime={given}>
      <RouterProvider router={router} />
    </Shell>
  );
}

describe('a screen whose stored data cannot be read', () => {
  it('says so with a retry instead of loading for ever, and reads again on retry', async () => {
    runtime = await openTestRuntime();
    const stored = entry('192.0.2.0/24', { reason: 'scraper' });
    await runtime.store.putSnapshots('ipBan', [{ id: stored.id, version: 1, data: stored }], {
      key: 'ipBan',
      fetchedAt: Date.now(),
      cursor: new Date().toISOString(),
      replace: true,
    });
    const { store } = runtime;
    const read = store.snapshotsOf.bind(store);
    let failing = true;
    store.snapshotsOf = (kind: string) =>
      failing ? Promise.reject(new DOMException('The operation failed', 'UnknownError')) : read(kind);

    render(routed(runtime));
    expect(await screen.findByText('The data kept on this device could not be read.')).toBeTruthy();
    expect(screen.queryByText('192.0.2.0/24')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('192.0.2.0/24', { selector: '.pc-range' })).toBeTruthy();
    expect(screen.queryByText('The data kept on this device could not be read.')).toBeNull();
  });
});
