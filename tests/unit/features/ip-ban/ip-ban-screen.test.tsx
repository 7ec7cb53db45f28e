import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../../../src/api';
import type { IpBanSearch } from '../../../../src/features/ip-ban';
import { IpBanScreen } from '../../../../src/features/ip-ban/ip-ban-screen';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { formatDateTime } from '../../../../src/ui/format';
import { activateEnglish, noNetwork, entry, openTestRuntime, setOnline, Shell } from './fixtures';

let runtime: SyncRuntime | undefined;
let requests: string[] = [];

beforeAll(activateEnglish);
beforeEach(() => {
  requests = [];
  // The server at the network boundary: every read is recorded; none is answered unless a test says so.
  noNetwork(requests);
});
afterEach(() => {
  cleanup();
  runtime?.close();
  runtime = undefined;
  setOnline(true);
});

function Screen({ runtime: given }: { runtime: SyncRuntime | null }) {
  const [search, setSearch] = useState<IpBanSearch>({});
  return (
    <Shell runtime={given}>
      <IpBanScreen search={search} onSearchChange={setSearch} />
    </Shell>
  );
}

const fetchedAt = Date.parse('2026-02-20T09:30:15Z');

async function withCachedList() {
  runtime = await openTestRuntime();
  await runtime.store.putSnapshots(
    'ipBan',
    [
      entry('192.0.2.0/24', { reason: 'Credential stuffing', created_at: '2026-01-02T00:00:00Z' }),
      entry('198.51.100.7', { reason: 'scraper', created_at: '2026-01-03T00:00:00Z' }),
      entry('2001:db8::/48', { status: 'unbanned', created_at: '2026-01-01T00:00:00Z' }),
      entry('203.0.113.5', { expires_at: '2026-01-05T00:00:00Z', created_at: '2026-01-04T00:00:00Z' }),
    ].map((e) => ({ id: e.id, version: e.version, data: e })),
    { key: 'ipBan', fetchedAt, cursor: '2026-02-20T09:30:15.000Z', replace: true },
  );
  return runtime;
}

const rowOf = (id: string) => {
  const cell = screen.getByText(id, { selector: '.pc-range' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};

describe('the IP blocking screen', () => {
  it('waits for the store', () => {
    render(<Screen runtime={null} />);
    expect(screen.getByText('Loading the ban list…')).toBeTruthy();
  });

  it('offline, shows the stored list with the queued edits marked, and the time of the data', async () => {
    setOnline(false);
    const rt = await withCachedList();
    await rt.enqueue({
      name: 'ipBan.ban',
      kind: 'ipBan',
      aggregateId: '203.0.113.0/24',
      schemaVersion: 1,
      payload: { cidr: '203.0.113.0/24', reason: 'queued offline', expires_at: null },
    });
    await rt.enqueue({
      name: 'ipBan.unban',
      kind: 'ipBan',
      aggregateId: '198.51.100.7',
      schemaVersion: 1,
      payload: { cidr: '198.51.100.7' },
    });
    render(<Screen runtime={rt} />);

    await screen.findByText('203.0.113.0/24', { selector: '.pc-range' });
    expect(screen.getByText(`Data as of ${formatDateTime(fetchedAt)}`)).toBeTruthy();
    expect(requests).toEqual([]);

    const queued = rowOf('203.0.113.0/24');
    expect(within(queued).getByText('Pending sync')).toBeTruthy();
    expect(within(queued).getByText('Banned')).toBeTruthy();
    expect(within(queued).getByText('queued offline')).toBeTruthy();
    // Not on the server yet: created by the signed-in user, at the time of the edit.
    expect(within(queued).getByText('demo')).toBeTruthy();

    const unbanned = rowOf('198.51.100.7');
    expect(within(unbanned).getByText('Pending sync')).toBeTruthy();
    expect(within(unbanned).getByText('Unbanned')).toBeTruthy();
    expect(within(unbanned).getByRole('button', { name: 'Ban again: 198.51.100.7' })).toBeTruthy();

    const expired = rowOf('203.0.113.5');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).getByText('Unbanned')).toBeTruthy();

    const untouched = rowOf('192.0.2.0/24');
    expect(within(untouched).queryByText('Pending sync')).toBeNull();
    expect(within(untouched).getByText('Banned')).toBeTruthy();

    // Newest first: the queued ban counts from the moment it was made.
    const order = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td:nth-child(2) .pc-range')?.textContent);
    expect(order).toEqual(['203.0.113.0/24', '203.0.113.5', '198.51.100.7', '192.0.2.0/24', '2001:db8::/48']);
    expect(screen.getByText('5 in total')).toBeTruthy();
  });

  it('offline with nothing stored, says the list was never loaded here', async () => {
    setOnline(false);
    runtime = await openTestRuntime();
    render(<Screen runtime={runtime} />);
    await screen.findByText('This device has not loaded the ban list yet.');
    expect(requests).toEqual([]);
  });

  it('searches, filters and queues a ban and an unban as commands', async () => {
    setOnline(false);
    const rt = await withCachedList();
    render(<Screen runtime={rt} />);
    await screen.findByText('192.0.2.0/24', { selector: '.pc-range' });

    fireEvent.change(screen.getByLabelText('Search by IP, range or reason'), {
      target: { value: 'CREDENTIAL' },
    });
    await waitFor(() => expect(screen.getByText('1 in total')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Search by IP, range or reason'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('IP type'), { target: { value: '6' } });
    await waitFor(() => expect(screen.getByText('1 in total')).toBeTruthy());
    expect(rowOf('2001:db8::/48')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('IP type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'banned' } });
    await waitFor(() => expect(screen.getByText('2 in total')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Unban 198.51.100.7' }));
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Unban' }));
    });
    await waitFor(async () =>
      expect((await rt.store.pending()).map((c) => [c.name, c.aggregateId, c.madeOffline])).toEqual([
        ['ipBan.unban', '198.51.100.7', true],
      ]),
    );

    fireEvent.click(screen.getAllByRole('button', { name: 'Ban IPs' })[0] as HTMLElement);
    fireEvent.change(await screen.findByLabelText('IP addresses or CIDR ranges'), {
      target: { value: '203.0.113.64/26\n2001:DB8:1::/48' },
    });
    await screen.findByText('2 IPs or ranges will be banned.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    });
    await waitFor(async () =>
      expect(
        (await rt.store.pending()).map((c) => [c.name, c.aggregateId, c.baseVersion, c.payload]),
      ).toEqual([
        ['ipBan.unban', '198.51.100.7', 1, { cidr: '198.51.100.7' }],
        ['ipBan.ban', '203.0.113.64/26', 0, { cidr: '203.0.113.64/26', reason: '', expires_at: null }],
        ['ipBan.ban', '2001:db8:1::/48', 0, { cidr: '2001:db8:1::/48', reason: '', expires_at: null }],
      ]),
    );
  });

  it('online, reads the list from the server and shows it without a time', async () => {
    runtime = await openTestRuntime();
    configureApi({
      fetch: (input) => {
        requests.push(String(input));
        const body = {
          code: 0,
          msg: '',
          data: {
            lists: [entry('192.0.2.44', { reason: 'from the server' })],
            total: 1,
            server_time: '2026-03-01T00:00:00Z',
          },
        };
        return Promise.resolve(new Response(JSON.stringify(body)));
      },
      getToken: () => 't',
      getLanguage: () => 'en_US',
      notifyError: () => undefined,
      redirect: () => undefined,
      networkErrorText: () => 'network error',
    });
    render(<Screen runtime={runtime} />);
    await screen.findByText('from the server');
    expect(requests[0]).toBe('/v3/ipban/ban/lists?page=1&page_size=1000&sort=id');
    expect(screen.queryByText(/^Data as of/)).toBeNull();
  });
});
