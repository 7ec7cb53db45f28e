import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainEntry, DomainGroup } from '../../../../src/contract/domain';
import { DomainListScreen } from '../../../../src/features/domain/list/domain-list-screen';
import type { DomainListSearch } from '../../../../src/features/domain/search';
import { SyncAvailabilityProvider } from '../../../../src/sync/react';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { formatDateTime } from '../../../../src/ui/format';
import { activateEnglish, noNetwork, openTestRuntime, setOnline, Shell } from '../ip-ban/fixtures';
import { domainEntry, group, uuid } from './list-fixtures';

let runtime: SyncRuntime | undefined;
let requests: string[] = [];
let searches: DomainListSearch[] = [];

beforeAll(activateEnglish);
beforeEach(() => {
  requests = [];
  searches = [];
  // The server at the network boundary: reads are recorded and never answered.
  noNetwork(requests);
  // happy-dom lays nothing out: the list's scroll box gets the size of a desktop's.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  runtime?.close();
  runtime = undefined;
  setOnline(true);
});

function Screen({ given, initial = {} }: { given: SyncRuntime | null; initial?: DomainListSearch }) {
  const [search, setSearch] = useState<DomainListSearch>(initial);
  return (
    <Shell runtime={given}>
      <SyncAvailabilityProvider value="ready">
        <DomainListScreen
          search={search}
          onSearchChange={(next) => {
            searches.push(next);
            setSearch(next);
          }}
        />
      </SyncAvailabilityProvider>
    </Shell>
  );
}

const fetchedAt = Date.parse('2026-02-20T09:30:15Z');
const shop = group(uuid(1, 'a'), 'Shop');

async function withStored(entries: DomainEntry[], groups: DomainGroup[] = [shop]) {
  runtime = await openTestRuntime();
  await runtime.store.putSnapshots(
    'domainGroup',
    groups.map((g) => ({ id: g.id, version: g.version, data: g })),
    { key: 'domainGroup', fetchedAt, cursor: '2026-02-20T09:30:15.000Z', replace: true },
  );
  await runtime.store.putSnapshots(
    'domain',
    entries.map((e) => ({ id: e.id, version: e.version, data: e })),
    { key: 'domain', fetchedAt, cursor: '2026-02-20T09:30:15.000Z', replace: true },
  );
  return runtime;
}

const sample = () => [
  domainEntry(uuid(1), { domain: 'www.shop.com', group_id: shop.id, created_at: '2026-01-01T00:00:00Z' }),
  domainEntry(uuid(2), { domain: 'img.shop.com', status: 'hung_up', created_at: '2026-01-02T00:00:00Z' }),
  domainEntry(uuid(3), {
    domain: 'special.example.org',
    special_config: true,
    created_at: '2026-01-03T00:00:00Z',
  }),
];

const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('the domain list', () => {
  it('opened again, shows the rows it showed last at once, while the store is read again', async () => {
    setOnline(false);
    await withStored(sample());
    const first = render(<Screen given={runtime!} />);
    await screen.findByRole('link', { name: 'www.shop.com' });
    first.unmount();

    render(<Screen given={runtime!} />);
    // The first render, before any answer of the store.
    expect(screen.getByRole('table', { name: 'Domain list' }).getAttribute('aria-rowcount')).toBe('4');
    expect(screen.getByRole('link', { name: 'www.shop.com' })).toBeTruthy();
  });

  it('offline, shows the stored domains as a table with the time of the data', async () => {
    setOnline(false);
    await withStored(sample());
    render(<Screen given={runtime!} />);

    const table = await screen.findByRole('table', { name: 'Domain list' });
    expect(table.getAttribute('aria-rowcount')).toBe('4');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText(`Data as of ${formatDateTime(fetchedAt)}`)).toBeTruthy();
    expect(requests).toEqual([]);
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.getAttribute('aria-rowindex'), within(row).getAllByRole('link')[0]?.textContent]);
    expect(names).toEqual([
      ['2', 'special.example.org'],
      ['3', 'img.shop.com'],
      ['4', 'www.shop.com'],
    ]);
    expect(rowOf('www.shop.com').getAttribute('role')).toBe('row');
    expect(within(rowOf('www.shop.com')).getByText('Shop')).toBeTruthy();
    expect(within(rowOf('img.shop.com')).getByRole('button', { name: 'Resume img.shop.com' })).toBeTruthy();
    expect(within(rowOf('special.example.org')).getByText('Special configuration')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details of www.shop.com' }).getAttribute('href')).toBe(
      `#/cdn/domain/detail?id=${uuid(1)}`,
    );
  });

  it('offline with nothing stored, says the list loads when back online', async () => {
    setOnline(false);
    runtime = await openTestRuntime();
    render(<Screen given={runtime} />);
    await screen.findByText('This device has not loaded the domain list yet.');
    expect(requests).toEqual([]);
  });

  it('with no domain, invites to create one', async () => {
    setOnline(false);
    await withStored([]);
    render(<Screen given={runtime!} />);
    await screen.findByText('No accelerated domain yet.');
    const links = screen.getAllByRole('link', { name: 'Create domain' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#/cdn/domain/create', '#/cdn/domain/create']);
  });

  it('filters as the address says, shows that filters are on and clears them', async () => {
    setOnline(false);
    await withStored(sample());
    render(<Screen given={runtime!} />);
    await screen.findByRole('table', { name: 'Domain list' });

    fireEvent.change(screen.getByLabelText('Search domains'), { target: { value: 'shop' } });
    await waitFor(() => expect(screen.getByText('Showing 2 of 3 domains')).toBeTruthy());
    expect(searches.at(-1)).toEqual({ keyword: 'shop' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'hung_up' } });
    await waitFor(() => expect(screen.getByText('Showing 1 of 3 domains')).toBeTruthy());
    expect(screen.getByText('2 filters applied')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'www.shop.com' })).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(screen.getByText('3 domains')).toBeTruthy());
    expect(searches.at(-1)).toEqual({});
    expect((screen.getByLabelText('Search domains') as HTMLInputElement).value).toBe('');
  });

  it('filters by group from the sidebar', async () => {
    setOnline(false);
    await withStored(sample());
    render(<Screen given={runtime!} />);
    const nav = await screen.findByRole('navigation', { name: 'Groups' });
    fireEvent.click(within(nav).getByRole('button', { name: /^No group/ }));
    await waitFor(() => expect(screen.getByText('Showing 2 of 3 domains')).toBeTruthy());
    expect(searches.at(-1)).toEqual({ group: 'none' });
  });

  it('runs a bulk suspend as a job: confirms, skips the ineligible, queues the rest', async () => {
    setOnline(false);
    const rt = await withStored(sample());
    render(<Screen given={rt} />);
    await screen.findByRole('table', { name: 'Domain list' });

    fireEvent.click(screen.getByLabelText('Select every domain in the list'));
    const bar = await screen.findByRole('region', { name: 'Selected domains' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Suspend' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('2 domains will be changed.')).toBeTruthy();
    expect(within(confirm).getByText('1 domain is skipped:')).toBeTruthy();
    expect(within(confirm).getByText('Its state does not allow this action (1)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    });

    await waitFor(async () =>
      expect((await rt.store.pending()).map((c) => [c.name, c.aggregateId, c.madeOffline])).toEqual([
        // In the order of the view: newest first.
        ['domain.hangUp', uuid(3), true],
        ['domain.hangUp', uuid(1), true],
      ]),
    );
    const results = await screen.findByRole('dialog', { name: 'Bulk suspend' });
    await waitFor(() => expect(within(results).getByText('0 of 2 done')).toBeTruthy());
    expect(within(results).getAllByText('Will run when you are back online')).toHaveLength(2);
    expect(within(results).getByText('Skipped')).toBeTruthy();
  });

  it('refuses a duplicate group name in the browser', async () => {
    setOnline(false);
    const rt = await withStored(sample());
    render(<Screen given={rt} />);
    const nav = await screen.findByRole('navigation', { name: 'Groups' });
    fireEvent.click(within(nav).getByRole('button', { name: '+ New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.change(within(dialog).getByLabelText(/Group name/), { target: { value: ' shop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('A group with this name already exists');
    expect(await rt.store.pending()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Group name/), { target: { value: 'Videos' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(async () =>
      expect((await rt.store.pending()).map((c) => [c.name, (c.payload as { name: string }).name])).toEqual([
        ['domainGroup.create', 'Videos'],
      ]),
    );
  });

  it('refuses to delete a group that still has domains', async () => {
    setOnline(false);
    const rt = await withStored(sample());
    render(<Screen given={rt} />);
    const nav = await screen.findByRole('navigation', { name: 'Groups' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Actions for the group Shop' }));
    // The menu runs the item under the pointer: move onto it, then click.
    const item = await screen.findByRole('menuitem', { name: 'Delete' });
    await act(async () => {
      fireEvent.pointerMove(item, { pointerType: 'mouse', clientX: 5, clientY: 5 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    fireEvent.click(item);
    const notice = await screen.findByRole('alertdialog');
    expect(
      within(notice).getByText('The group still has domains: move them out before deleting it'),
    ).toBeTruthy();
    expect(await rt.store.pending()).toEqual([]);
  });

  it('shows a refused command of a job as failed with the server message, and retries only it', async () => {
    setOnline(false);
    const rt = await withStored(sample());
    render(<Screen given={rt} />);
    await screen.findByRole('table', { name: 'Domain list' });
    fireEvent.click(screen.getByLabelText('Select www.shop.com'));
    fireEvent.click(screen.getByLabelText('Select special.example.org'));
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Selected domains' })).getByText('Suspend'),
    );
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
      );
    });
    const results = await screen.findByRole('dialog', { name: 'Bulk suspend' });
    const [first, second] = await rt.store.pending();
    await act(async () => {
      await rt.store.settle([
        {
          seq: first!.seq,
          outcome: 'rejected',
          error: { code: 40301, msg: 'Not allowed for this domain', data: {} },
        },
        {
          seq: second!.seq,
          outcome: 'accepted',
          version: 2,
          snapshot: { ...sample()[0], status: 'hung_up', version: 2 },
          kind: 'domain',
          aggregateId: uuid(1),
        },
      ]);
    });
    await within(results).findByText('Not allowed for this domain');
    await waitFor(() => expect(within(results).getByText('2 of 2 done')).toBeTruthy());
    expect(within(results).getByText('Succeeded')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(results).getByRole('button', { name: 'Retry failed' }));
    });
    await waitFor(async () => {
      const pending = await rt.store.pending();
      expect(pending.map((c) => [c.name, c.aggregateId, c.state, c.baseVersion])).toEqual([
        ['domain.hangUp', uuid(3), 'queued', 1],
      ]);
      expect(pending[0]!.seq).toBeGreaterThan(second!.seq);
    });
    await waitFor(() => expect(within(results).getByText('1 of 2 done')).toBeTruthy());
  });

  it('opens the lifecycle dialog from a row and disables what a special configuration forbids', async () => {
    setOnline(false);
    await withStored(sample());
    render(<Screen given={runtime!} />);
    await screen.findByRole('table', { name: 'Domain list' });
    const row = rowOf('special.example.org');
    fireEvent.click(within(row).getByRole('button', { name: 'More operations for special.example.org' }));
    const remove = await screen.findByRole('menuitem', { name: /Delete/ });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.textContent).toContain('contact an administrator');

    fireEvent.click(within(row).getByRole('button', { name: 'Suspend special.example.org' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('exports the view as a CSV file with a byte order mark', async () => {
    setOnline(false);
    await withStored(sample());
    const texts: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      texts.push('blob');
      void (blob as Blob).text().then((text) => texts.push(text));
      return 'blob:csv';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render(<Screen given={runtime!} initial={{ keyword: 'shop' }} />);
    await screen.findByRole('table', { name: 'Domain list' });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(names[0]).toMatch(/^domains-\d{8}-\d{6}\.csv$/);
    await waitFor(() => expect(texts).toHaveLength(2));
    const lines = texts[1]!.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFDomain,Primary origin,Service type,Acceleration area,Status,CNAME,Group,Created',
    );
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['img.shop.com', 'www.shop.com']);
  });

  it('moves the focus to the same column of the next row with the arrow keys', async () => {
    setOnline(false);
    await withStored(sample());
    render(<Screen given={runtime!} />);
    await screen.findByRole('table', { name: 'Domain list' });
    const first = screen.getByRole('link', { name: 'special.example.org' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('img.shop.com'));
    const hangUp = screen.getByRole('button', { name: 'Resume img.shop.com' });
    hangUp.focus();
    fireEvent.keyDown(hangUp, { key: 'ArrowUp' });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Details of special.example.org'),
    );
  });

  it('copies a CNAME and says so', async () => {
    setOnline(false);
    await withStored(sample());
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    render(<Screen given={runtime!} />);
    await screen.findByRole('table', { name: 'Domain list' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the CNAME of www.shop.com' }));
    await waitFor(() => expect(written).toEqual(['www.shop.com.cdn.example.net']));
  });
});
