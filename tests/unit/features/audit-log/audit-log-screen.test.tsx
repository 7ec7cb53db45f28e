import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../../../src/api';
import { routes } from '../../../../src/contract';
import type { AuditEntry } from '../../../../src/contract/users';
import { AuditLogScreen } from '../../../../src/features/audit-log';
import { activateEnglish } from '../ip-ban/fixtures';
import { ok, Shell, type Answer } from '../users/fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const domainId = '4f6c1a2e-0b7d-4c55-9a61-3c2d8e9f0a11';
const entries: AuditEntry[] = [
  {
    id: 3,
    at: '2026-11-24T09:30:00.000Z',
    actor: { id: 12, login: 'ops' },
    account: { id: 7, login: 'demo' },
    action: 'domainUrlAuth.set',
    target: domainId,
    source: 'replay',
    ip: '203.0.113.5',
    changes: [
      { field: 'primary_key', before: '******', after: '******' },
      { field: 'lifetime', before: 3600, after: 600 },
    ],
  },
  {
    id: 2,
    at: '2026-11-24T08:00:00.000Z',
    actor: { id: 7, login: 'demo' },
    account: { id: 7, login: 'demo' },
    action: 'edgeKey.rotate',
    target: 'edge-sh-01',
    source: 'api',
    ip: '',
    changes: [],
  },
];

interface Sent {
  path: string;
  body: unknown;
}

/** The server at the network boundary: the list, the sub-accounts, the domains and the export. */
function fakeServer(list: Answer) {
  const sent: Sent[] = [];
  const answers: Record<string, () => Response> = {
    [routes.auditList.path]: () => new Response(JSON.stringify(list)),
    [routes.childLists.path]: () =>
      new Response(JSON.stringify(ok({ lists: [{ id: 12, login: 'ops' }], total: 1, max: 5 }))),
    [routes.domainNames.path]: () =>
      new Response(
        JSON.stringify(ok({ lists: [{ id: domainId, domain: 'www.demo-shop.com', status: 'online' }] })),
      ),
    '/v3/customer/audit/export': () =>
      new Response('a,b\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-log-2026-11-24.csv"',
        },
      }),
  };
  configureApi({
    fetch: (input, init) => {
      const path = String(input).split('?')[0] ?? '';
      const answer = answers[path];
      if (!answer) return Promise.reject(new Error(`unhandled ${path}`));
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Promise.resolve(answer());
    },
    getToken: () => 't',
    getLanguage: () => 'en_US',
    notifyError: () => undefined,
    redirect: () => undefined,
    networkErrorText: () => 'network error',
  });
  return sent;
}

/** The screen with its address held as the router would hold it. */
function Harness({ initial = {} }: { initial?: Record<string, unknown> }) {
  const [search, setSearch] = useState<Record<string, unknown>>(initial);
  return (
    <Shell>
      <output data-testid="address">{JSON.stringify(search)}</output>
      <AuditLogScreen search={search} onSearchChange={setSearch} />
    </Shell>
  );
}
const address = () =>
  JSON.parse(screen.getByTestId('address').textContent ?? '{}') as Record<string, unknown>;
/** The row of the table that shows `text` (the action filter offers the same names). */
async function rowWith(text: string) {
  await screen.findByRole('table');
  const row = (await screen.findAllByText(text)).map((e) => e.closest('tr')).find((r) => r !== null);
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}
const listCalls = (sent: Sent[]) => sent.filter((s) => s.path === routes.auditList.path).map((s) => s.body);

describe('the audit log', () => {
  it('shows who did what, from where, on which object, and opens a row to its field changes', async () => {
    fakeServer(ok({ lists: entries, total: 2 }));
    render(<Harness />);
    const row = await rowWith('Changed the URL authentication');
    expect(within(row).getByText('ops')).toBeTruthy();
    // A sub-account acts in its main account: the account is named.
    expect(within(row).getByText('in demo')).toBeTruthy();
    expect(within(row).getByText('Console (synced later)')).toBeTruthy();
    expect(await within(row).findByText('www.demo-shop.com')).toBeTruthy();
    expect(within(row).getByText('203.0.113.5')).toBeTruthy();
    // An action without a name shows as recorded; an actor in its own account is not repeated.
    const other = await rowWith('edgeKey.rotate');
    expect(within(other).queryByText(/^in /)).toBeNull();
    expect(within(other).getByText('API')).toBeTruthy();

    fireEvent.click(
      within(row).getByRole('button', { name: 'Show the changes of “Changed the URL authentication”' }),
    );
    const changes = screen.getByRole('table', { name: 'Field changes' });
    const lifetime = within(changes).getByText('lifetime').closest('tr')!;
    expect(within(lifetime).getByText('3600')).toBeTruthy();
    expect(within(lifetime).getByText('600')).toBeTruthy();
    expect(within(changes).getAllByText('******')).toHaveLength(2);
    expect(screen.getByText('2 fields changed')).toBeTruthy();
    fireEvent.click(within(other).getByRole('button', { name: 'Show the changes of “edgeKey.rotate”' }));
    expect(screen.getByText('No field changes were recorded for this action.')).toBeTruthy();
  });

  it('keeps its filters in the address and asks for the page they describe', async () => {
    const sent = fakeServer(ok({ lists: entries, total: 45 }));
    render(<Harness initial={{ actor: 12, from: '2026-11-01', to: '2026-11-24', page: 2 }} />);
    await rowWith('Changed the URL authentication');
    expect(listCalls(sent)[0]).toEqual({
      actor_id: 12,
      start: new Date('2026-11-01T00:00:00').toISOString(),
      end: new Date('2026-11-25T00:00:00').toISOString(),
      page: 2,
      page_size: 20,
    });
    expect((screen.getByRole('combobox', { name: 'Performed by' }) as HTMLSelectElement).value).toBe('12');

    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), { target: { value: 'api' } });
    // A new filter starts again at the first page.
    expect(address()).toEqual({ actor: 12, from: '2026-11-01', to: '2026-11-24', source: 'api' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'childAdd' } });
    expect(address()).toMatchObject({ action: 'childAdd' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toMatchObject({ page: 3 });
    await waitFor(() =>
      expect(listCalls(sent).at(-1)).toMatchObject({ source: 'api', action: 'childAdd', page: 3 }),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by object or action' }), {
      target: { value: ' shop ' },
    });
    await waitFor(() => expect(address()).toMatchObject({ keyword: 'shop' }));
    expect(address().page).toBeUndefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(address()).toEqual({});
  });

  it('says when nothing was recorded, and exports nothing without asking the server', async () => {
    const sent = fakeServer(ok({ lists: [], total: 0 }));
    render(<Harness />);
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeTruthy();
    expect(screen.getByText('Exporting at most 2000 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(sent.some((s) => s.path === '/v3/customer/audit/export')).toBe(false);
  });

  it('exports the filtered log in the console’s language', async () => {
    const sent = fakeServer(ok({ lists: entries, total: 2 }));
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:audit');
    URL.revokeObjectURL = () => undefined;
    render(<Harness initial={{ source: 'replay', keyword: 'demo' }} />);
    await rowWith('Changed the URL authentication');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(sent.find((s) => s.path === '/v3/customer/audit/export')?.body).toEqual({
      keyword: 'demo',
      source: 'replay',
      format: 'csv',
      language: 'en_US',
    });
  });
});
