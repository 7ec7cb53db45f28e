import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEntry } from '../../../../src/contract/domain';
import { DomainCopyScreen } from '../../../../src/features/domain/copy/domain-copy-screen';
import type { OutboxEntry } from '../../../../src/store';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { activateEnglish, noNetwork, openTestRuntime, setOnline, Shell } from '../ip-ban/fixtures';
import { domainEntry, origin } from './list-fixtures';

const sourceId = '11111111-1111-4111-8111-111111111111';
const groupId = '33333333-3333-4333-8333-333333333333';

let runtime: SyncRuntime | undefined;

beforeAll(activateEnglish);
beforeEach(() => {
  // No server in these tests: the screen works from the store, offline.
  setOnline(false);
  noNetwork();
});
afterEach(() => {
  cleanup();
  runtime?.close();
  runtime = undefined;
  setOnline(true);
});

function domain(change: Partial<DomainEntry> = {}): DomainEntry {
  return domainEntry(sourceId, {
    domain: 'www.example.com',
    service_type: 'download',
    area: '2',
    business_type: 'large_file',
    cname: 'www-example-com.cdn.example.net',
    group_id: groupId,
    origins: [origin('192.0.2.10')],
    version: 2,
    ...change,
  });
}

async function withSource(change: Partial<DomainEntry> = {}, others: DomainEntry[] = []) {
  runtime = await openTestRuntime();
  const entries = [domain(change), ...others];
  await runtime.store.putSnapshots(
    'domain',
    entries.map((e) => ({ id: e.id, version: e.version, data: e })),
    { key: 'domain', fetchedAt: Date.now(), replace: true },
  );
  await runtime.store.putSnapshots(
    'domainGroup',
    [
      {
        id: groupId,
        version: 1,
        data: {
          id: groupId,
          name: 'Shops',
          deleted: false,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
          version: 1,
        },
      },
    ],
    { key: 'domainGroup', fetchedAt: Date.now(), replace: true },
  );
  render(
    <Shell runtime={runtime}>
      <DomainCopyScreen id={sourceId} />
    </Shell>,
  );
  return runtime;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const typeTarget = (n: number, name: string) =>
  fireEvent.change(screen.getByLabelText(`New domain ${n}`), { target: { value: name } });
const copies = async (rt: SyncRuntime) =>
  (await rt.store.pending()).filter((e) => e.name === 'domain.copyConfig');
const payloadOf = (entry: OutboxEntry) => entry.payload as Record<string, unknown>;

describe('the copy-configuration screen', () => {
  it('shows the four steps; back and next keep what was typed', async () => {
    await withSource();
    await screen.findByLabelText('New domain 1');
    expect(screen.getByText('Source domain: www.example.com')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Copy configuration steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(steps).getByText('Fill in target domains').closest('li')?.getAttribute('aria-current'),
    ).toBe('step');

    typeTarget(1, 'a.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    typeTarget(2, 'www.example.com');
    next();
    // The source's own name exists already.
    expect(await screen.findByText('This domain already exists and cannot be added again')).toBeTruthy();
    typeTarget(2, 'b.example.org');
    next();

    await screen.findByRole('heading', { name: 'Choose contents' });
    expect(within(steps).getByText('Choose contents').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    // The source's configuration is not on this device (no server here): its sections cannot be chosen.
    expect(screen.getAllByText(/has not been read on this device yet/i)).toHaveLength(5);
    expect((screen.getByLabelText('Cache rules') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Basic information') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Origin information') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('HTTPS configuration') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Group') as HTMLInputElement).checked).toBe(true);
    next();

    await screen.findByRole('heading', { name: 'Confirm basic and origin information' });
    expect((screen.getByLabelText(/Service type/) as HTMLSelectElement).value).toBe('download');
    expect(screen.getByDisplayValue('192.0.2.10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('New domain 2') as HTMLInputElement).value).toBe('b.example.org');
  });

  it('queues one command per target, with one copy id; offline, says when they will be created', async () => {
    const rt = await withSource();
    await screen.findByLabelText('New domain 1');
    typeTarget(1, 'a.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    typeTarget(2, 'b.example.org');
    next();
    const group = await screen.findByLabelText('Group');
    fireEvent.click(group);
    // The checkbox reports the change a moment later; it shows it once the wizard has it.
    await waitFor(() => expect(group.closest('label')?.getAttribute('data-state')).toBe('unchecked'));
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy configuration' }));

    // Queued through the store: on a loaded machine this takes more than the default second.
    await screen.findByRole('heading', { name: 'Done' }, { timeout: 5000 });
    const queued = await copies(rt);
    expect(queued).toHaveLength(2);
    const [first, second] = queued.map(payloadOf);
    expect(first).toMatchObject({
      domain: 'a.example.org',
      source_id: sourceId,
      service_type: 'download',
      area: '2',
      business_type: 'large_file',
      group_id: null,
      contents: ['basic', 'origin'],
    });
    expect(second?.domain).toBe('b.example.org');
    expect(first?.copy_id).toBe(second?.copy_id);
    expect(first?.id).not.toBe(second?.id);
    expect(queued.map((e) => e.aggregateId)).toEqual([first?.id, second?.id]);
    expect(
      await screen.findAllByText('Saved on this device; it will be created when you are back online.'),
    ).toHaveLength(2);
  });

  it('refuses an 11th domain pasted in, and shows the limit', async () => {
    await withSource();
    const input = await screen.findByLabelText('New domain 1');
    const names = Array.from({ length: 11 }, (_, i) => `site${i + 1}.example.org`).join('\n');
    fireEvent.paste(input, { clipboardData: { getData: () => names } });
    expect((screen.getByLabelText('New domain 11') as HTMLInputElement).value).toBe('site11.example.org');
    expect((screen.getByRole('button', { name: 'Add domain' }) as HTMLButtonElement).disabled).toBe(true);
    next();
    expect(
      await screen.findByText('A configuration can be copied to at most 10 domains at a time'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove new domain 11' }));
    next();
    await screen.findByRole('heading', { name: 'Choose contents' });
  });

  it('shows duplicates per row', async () => {
    await withSource();
    await screen.findByLabelText('New domain 1');
    typeTarget(1, 'a.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    typeTarget(2, 'a.example.org');
    next();
    expect(await screen.findByText('This domain is entered more than once')).toBeTruthy();
    expect(screen.getByLabelText('New domain 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('New domain 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('a domain with a special configuration cannot be copied: contact an administrator', async () => {
    await withSource({ special_config: true });
    expect(await screen.findByText(/contact an administrator/)).toBeTruthy();
    expect(screen.queryByLabelText('New domain 1')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the domain list' })).toBeTruthy();
  });

  it('a deleted or unknown domain cannot be copied', async () => {
    await withSource({ status: 'deleted' });
    expect(await screen.findByText('www.example.com has been deleted')).toBeTruthy();
    cleanup();
    runtime?.close();
    await withSource({ id: '44444444-4444-4444-8444-444444444444' });
    expect(await screen.findByText('Domain not found')).toBeTruthy();
  });

  it('shows each result; retries only the failed target, renamed, with the same copy id', async () => {
    const rt = await withSource();
    await screen.findByLabelText('New domain 1');
    typeTarget(1, 'a.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    typeTarget(2, 'b.example.org');
    next();
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy configuration' }));
    // Queued through the store: on a loaded machine this takes more than the default second.
    await screen.findByRole('heading', { name: 'Done' }, { timeout: 5000 });
    const [a, b] = await copies(rt);
    if (!a || !b) throw new Error('not queued');

    await act(async () => {
      await rt.store.settle([
        {
          seq: a.seq,
          outcome: 'accepted',
          version: 1,
          kind: 'domain',
          aggregateId: a.aggregateId,
          snapshot: domain({
            id: a.aggregateId,
            domain: 'a.example.org',
            cname: 'a-example-org.cdn.example.net',
            version: 1,
          }),
        },
        {
          seq: b.seq,
          outcome: 'rejected',
          error: { code: 40001, msg: 'The domain b.example.org is taken', data: {} },
        },
      ]);
    });

    expect(await screen.findByText('Copy config failed')).toBeTruthy();
    expect(screen.getByText(/^1 new domain out of 2 could not be created\./)).toBeTruthy();
    expect(screen.getByText('The domain b.example.org is taken')).toBeTruthy();
    expect(screen.getByText('a-example-org.cdn.example.net')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View details of a.example.org' }).getAttribute('href')).toBe(
      `#/cdn/domain/detail?id=${a.aggregateId}`,
    );
    expect(screen.getByRole('link', { name: 'Go to the domain list' })).toBeTruthy();

    // Renamed to the name of the created one: refused.
    const failed = screen.getByLabelText('Failed domain 2');
    fireEvent.change(failed, { target: { value: 'a.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed domains' }));
    expect(await screen.findByText('This domain is entered more than once')).toBeTruthy();
    fireEvent.change(failed, { target: { value: 'b2.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed domains' }));

    await waitFor(async () => {
      const left = await copies(rt);
      expect(left).toHaveLength(1);
      expect(left[0]?.seq).not.toBe(b.seq);
    });
    const [retried] = await copies(rt);
    expect(payloadOf(retried as OutboxEntry)).toMatchObject({
      domain: 'b2.example.org',
      copy_id: payloadOf(a).copy_id,
    });
    expect(retried?.aggregateId).not.toBe(b.aggregateId);
    await waitFor(() => expect(screen.queryByText('Copy config failed')).toBeNull());
    expect(
      await screen.findByText('Saved on this device; it will be created when you are back online.'),
    ).toBeTruthy();
  });

  it('invalid origins keep the copy from being queued', async () => {
    const rt = await withSource();
    await screen.findByLabelText('New domain 1');
    typeTarget(1, 'a.example.org');
    next();
    next();
    await screen.findByRole('heading', { name: 'Confirm basic and origin information' });
    fireEvent.change(screen.getByDisplayValue('192.0.2.10'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy configuration' }));
    expect(await screen.findByText('Enter the origin address')).toBeTruthy();
    expect(await copies(rt)).toHaveLength(0);
  });
});
