import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KindViews } from '../../../src/app/sync/command-views';
import { PendingPanel } from '../../../src/app/sync/pending-panel';
import { PersistedProvider } from '../../../src/app/sync/persistence';
import { SyncRuntimeProvider } from '../../../src/sync/react';
import type { SyncRuntime } from '../../../src/sync/runtime';
import type { CommandOfKind } from '../../../src/commands/queue';
import type { CommandEditorProps, CommandView } from '../../../src/ui/command-views';
import { storedCommand } from '../../support/outbox';
import { Shell, activateEnglish, ban, fakeServer, openTestRuntime, setOnline } from './sync-fixtures';

type Ban = { cidr: string; reason: string };
type IpBanCommand = CommandOfKind<'ipBan'>;
const reasonOf = ({ payload }: IpBanCommand) => ('reason' in payload ? payload.reason : '');

function ReasonEditor({ command, onSave, onCancel }: CommandEditorProps<IpBanCommand>) {
  const [reason, setReason] = useState(reasonOf(command));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (command.name !== 'ipBan.unban') onSave({ ...command, payload: { ...command.payload, reason } });
      }}
    >
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit">Save</button>
      <button type="button" onClick={onCancel}>
        Cancel editing
      </button>
    </form>
  );
}

// The panel's views are by kind (here the IP-ban kind alone); the line naming each edit is the
// command module's own ("Ban …").
const ipBanView: CommandView<IpBanCommand> = {
  compare: (c, current) => [
    { label: 'Reason', server: (current as Ban | null)?.reason ?? '--', mine: reasonOf(c) },
  ],
  Editor: ReasonEditor,
  href: (c) => `/cdn/ip-ban?cidr=${c.payload.cidr}`,
};
const views = { ipBan: ipBanView } as Partial<KindViews> as KindViews;

let runtime: SyncRuntime;
let server: ReturnType<typeof fakeServer>;

function renderPanel(persisted: boolean | null = true) {
  return render(
    <Shell>
      <SyncRuntimeProvider value={runtime}>
        <PersistedProvider value={persisted}>
          <PendingPanel open onClose={() => {}} views={views} />
        </PersistedProvider>
      </SyncRuntimeProvider>
    </Shell>,
  );
}

/** Parks the command `seq` as the server would: refused by a rule, or changed meanwhile. */
async function reject(seq: number, msg = 'The range overlaps a ban in force') {
  await runtime.store.settle([{ seq, outcome: 'rejected', error: { code: 40905, msg, data: {} } }]);
}
async function conflict(seq: number, version: number, current: unknown) {
  await runtime.store.settle([
    {
      seq,
      outcome: 'conflict',
      error: { code: 40902, msg: 'Changed on the server meanwhile', data: { version, current } },
    },
  ]);
}

const items = () => screen.getAllByRole('article');
const item = (name: string) => screen.getByRole('article', { name });

beforeEach(async () => {
  activateEnglish();
  setOnline(true);
  server = fakeServer();
  runtime = await openTestRuntime(server.transport);
});
afterEach(() => {
  cleanup();
  runtime.close();
});

describe('the pending-changes panel', () => {
  it('lists the outbox in order, each edit with its state, the server message and both sides of a conflict', async () => {
    await runtime.store.enqueue(ban('192.0.2.1'), { offline: true });
    const b = await runtime.store.enqueue(ban('192.0.2.2', 'scraping'), { offline: true });
    const c = await runtime.store.enqueue(ban('192.0.2.3', 'mine'), { offline: true });
    await runtime.store.enqueue(
      storedCommand({
        name: 'domain.hangUp',
        kind: 'domain',
        aggregateId: 'example.com',
        schemaVersion: 1,
        payload: {},
      }),
      { offline: true },
    );
    await reject(b.seq);
    await conflict(c.seq, 4, { cidr: '192.0.2.3', reason: 'theirs' });
    renderPanel();

    await waitFor(() => expect(items()).toHaveLength(4));
    const titles = items().map(
      (i) => document.getElementById(i.getAttribute('aria-labelledby') ?? '')?.textContent,
    );
    expect(titles).toEqual([
      'Ban 192.0.2.1',
      'Ban 192.0.2.2',
      'Ban 192.0.2.3',
      'domain.hangUp · example.com',
    ]);
    expect(within(item('Ban 192.0.2.1')).getByText('Pending sync')).toBeTruthy();
    expect(within(item(`Ban 192.0.2.2`)).getByText('Rejected')).toBeTruthy();
    expect(within(item('Ban 192.0.2.2')).getByText('The range overlaps a ban in force')).toBeTruthy();
    const clash = item('Ban 192.0.2.3');
    expect(within(clash).getByText('Conflict')).toBeTruthy();
    const row = within(clash).getByRole('row', { name: /Reason/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Reason', 'theirs', 'mine']);
    expect(within(clash).getByRole('link', { name: 'Go to the item' }).getAttribute('href')).toBe(
      '#/cdn/ip-ban?cidr=192.0.2.3',
    );
    // A payload the console cannot read (nor its kind's view): its name and item, and discard still offered.
    expect(within(item('domain.hangUp · example.com')).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('says so when nothing is pending', async () => {
    renderPanel();
    expect(await screen.findByText('No pending changes')).toBeTruthy();
  });

  it('retries a rejected edit: it is sent again and leaves the list once accepted', async () => {
    server.answerWith((request) => ({
      kind: 'answered',
      results: request.commands.map((c) => ({ key: c.key, code: 40905, msg: 'Refused by a rule', data: {} })),
    }));
    runtime.engine.start();
    await runtime.enqueue(ban('192.0.2.1'));
    renderPanel();
    const refused = await screen.findByText('Refused by a rule');
    server.answerWith((request) => ({
      kind: 'answered',
      results: request.commands.map((c) => ({
        key: c.key,
        code: 0,
        msg: '',
        data: { version: 1, snapshot: c.payload },
      })),
    }));
    fireEvent.click(within(refused.closest('article')!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No pending changes')).toBeTruthy();
    expect(server.pushes).toHaveLength(2);
    expect(server.pushes[1]?.commands[0]?.key).toBe(server.pushes[0]?.commands[0]?.key);
  });

  it('edits a rejected edit in place: the corrected payload is what is sent', async () => {
    const entry = await runtime.store.enqueue(ban('192.0.2.1', 'too short'), { offline: true });
    await reject(entry.seq, 'The reason is too short');
    renderPanel();
    const article = await screen.findByRole('article', { name: 'Ban 192.0.2.1' });
    expect(within(article).queryByRole('button', { name: 'Retry' })).toBeTruthy();
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(article).getByLabelText('Reason'), { target: { value: 'credential stuffing' } });
    fireEvent.click(within(article).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(article).getByText('Pending sync')).toBeTruthy());
    const [stored] = await runtime.store.pending();
    expect(stored).toMatchObject({
      state: 'queued',
      payload: { cidr: '192.0.2.1', reason: 'credential stuffing' },
    });
    expect(stored?.error).toBeUndefined();

    runtime.engine.start();
    await waitFor(() => expect(server.pushes).toHaveLength(1));
    expect(server.pushes[0]?.commands[0]?.payload).toEqual({
      cidr: '192.0.2.1',
      reason: 'credential stuffing',
      expires_at: null,
    });
  });

  it('asks before discarding, and keeps the edit when the answer is no', async () => {
    await runtime.store.enqueue(ban('192.0.2.1'), { offline: true });
    renderPanel();
    const article = await screen.findByRole('article', { name: 'Ban 192.0.2.1' });

    fireEvent.click(within(article).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    expect(
      within(dialog).getByText('“Ban 192.0.2.1” will be removed from this device and never sent.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await runtime.store.pending()).toHaveLength(1);

    fireEvent.click(within(article).getByRole('button', { name: 'Discard' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('No pending changes')).toBeTruthy();
    expect(await runtime.store.pending()).toEqual([]);
  });

  it("keeps mine in a conflict: the edit is queued again on the server's version", async () => {
    const entry = await runtime.store.enqueue(ban('192.0.2.3', 'mine'), { offline: true });
    await conflict(entry.seq, 4, { cidr: '192.0.2.3', reason: 'theirs' });
    renderPanel();
    const article = await screen.findByRole('article', { name: 'Ban 192.0.2.3' });
    fireEvent.click(within(article).getByRole('button', { name: 'Keep mine' }));

    await waitFor(() => expect(within(article).getByText('Pending sync')).toBeTruthy());
    const [stored] = await runtime.store.pending();
    expect(stored).toMatchObject({ state: 'queued', baseVersion: 4, payload: { reason: 'mine' } });
    const [snapshot] = await runtime.store.snapshotsOf('ipBan');
    expect(snapshot).toMatchObject({ id: '192.0.2.3', version: 4, data: { reason: 'theirs' } });
  });

  it("takes the server's side of a conflict: my edit goes, the server's state stays", async () => {
    const entry = await runtime.store.enqueue(ban('192.0.2.3', 'mine'), { offline: true });
    await conflict(entry.seq, 4, { cidr: '192.0.2.3', reason: 'theirs' });
    renderPanel();
    const article = await screen.findByRole('article', { name: 'Ban 192.0.2.3' });
    fireEvent.click(within(article).getByRole('button', { name: 'Use server version' }));

    expect(await screen.findByText('No pending changes')).toBeTruthy();
    expect(await runtime.store.pending()).toEqual([]);
    const [snapshot] = await runtime.store.snapshotsOf('ipBan');
    expect(snapshot).toMatchObject({ version: 4, data: { reason: 'theirs' } });
  });

  it('warns that unsynced changes are at risk only when the browser refused to keep the data', async () => {
    await runtime.store.enqueue(ban('192.0.2.1'), { offline: true });
    const { unmount } = renderPanel(false);
    expect(await screen.findByText('Unsynced changes at risk')).toBeTruthy();
    unmount();
    renderPanel(true);
    await screen.findByRole('article', { name: 'Ban 192.0.2.1' });
    expect(screen.queryByText('Unsynced changes at risk')).toBeNull();
  });

  it('tells where the sender stands: offline, or waiting for a new sign-in', async () => {
    setOnline(false);
    await runtime.store.enqueue(ban('192.0.2.1'), { offline: true });
    renderPanel();
    expect(await screen.findByText(/You are offline\. These changes are kept on this device/)).toBeTruthy();

    setOnline(true);
    server.answerWith(() => ({ kind: 'signIn' }));
    await act(async () => runtime.engine.start());
    expect(await screen.findByText(/Your sign-in has expired/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });

  it('tells when sending waits for the server, with a retry, or is paused by the account', async () => {
    await runtime.store.enqueue(ban('192.0.2.1'), { offline: false });
    server.answerWith(() => ({ kind: 'retry', retryAfterMs: null }));
    renderPanel();
    await act(async () => runtime.engine.start());
    expect(await screen.findByText(/The server could not be reached\. Next try at/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();

    server.answerWith(() => ({ kind: 'blocked', code: 40301, msg: 'The service is closed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Sending is paused: The service is closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });
});
