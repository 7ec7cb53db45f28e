import { i18n } from '@lingui/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEntry } from '../../../../src/contract/domain';
import { DomainCreateScreen } from '../../../../src/features/domain/create/domain-create-screen';
import { domainRuleMessages } from '../../../../src/features/domain/domain-messages';
import { SyncAvailabilityProvider, type SyncAvailability } from '../../../../src/sync/react';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { activateEnglish, openTestRuntime, setOnline, Shell } from '../ip-ban/fixtures';

let runtime: SyncRuntime | undefined;

beforeAll(activateEnglish);
afterEach(() => {
  cleanup();
  runtime?.close();
  runtime = undefined;
  setOnline(true);
});

function renderScreen(given: SyncRuntime | null, availability: SyncAvailability = 'ready') {
  return render(
    <Shell runtime={given}>
      <SyncAvailabilityProvider value={availability}>
        <DomainCreateScreen />
      </SyncAvailabilityProvider>
    </Shell>,
  );
}

/** A rule's message as the user reads it (the texts live with the rules, not in this test). */
const rule = (id: keyof typeof domainRuleMessages) => i18n._(domainRuleMessages[id]);

const domainField = () => screen.getByLabelText(/Accelerated domain/);
const originRow = (n: number) => screen.getByRole('group', { name: `Origin ${n}` });
const addressOf = (n: number) => within(originRow(n)).getByLabelText(/Origin address/);
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

function entry(id: string, change: Partial<DomainEntry> = {}): DomainEntry {
  return {
    id,
    domain: 'www.example.com',
    service_type: 'web',
    area: '1',
    business_type: 'web',
    cname: 'www-example-com.cdn.example.net',
    group_id: null,
    status: 'active',
    special_config: false,
    origins: [],
    copied_from: null,
    created_by: 'demo',
    created_at: '2026-02-01T00:00:00.000Z',
    updated_by: 'demo',
    updated_at: '2026-02-01T00:00:00.000Z',
    version: 1,
    ...change,
  };
}

async function fillIn(domain = 'www.example.com', address = '192.0.2.10') {
  await screen.findByRole('heading', { name: 'Create domain' });
  type(domainField(), domain);
  type(addressOf(1), address);
}

// A whole screen in happy-dom: seconds per test when the machine is busy with the other suites.
describe('the create domain screen', { timeout: 20_000 }, () => {
  it('waits while the store opens', () => {
    renderScreen(null, 'opening');
    expect(screen.getByText('Preparing the form…')).toBeTruthy();
  });

  it('explains that this browser cannot keep data, and cannot submit', () => {
    renderScreen(null, 'unavailable');
    expect(screen.getByText('This browser cannot keep data for the console')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    // The form is still there to read.
    expect(domainField()).toBeTruthy();
  });

  it('on submit, shows each rule’s message at its field and queues nothing', async () => {
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await screen.findByRole('heading', { name: 'Create domain' });
    submit();
    expect(await screen.findByText(rule('domain.name.required'))).toBeTruthy();
    expect(within(originRow(1)).getByText(rule('domain.origin.required'))).toBeTruthy();
    expect(domainField().getAttribute('aria-invalid')).toBe('true');
    expect(addressOf(1).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Correct the 2 marked problems to create the domain.')).toBeTruthy();
    // The first field with a problem has the focus.
    expect(document.activeElement).toBe(domainField());
    expect(await runtime.store.pending()).toEqual([]);

    // Live from then on: the message goes as the field is corrected.
    type(domainField(), 'www.Example.com');
    expect(screen.getByText(rule('domain.name.chars'))).toBeTruthy();
    type(domainField(), 'www.example.com');
    expect(domainField().getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a field’s message once the user leaves it, not while typing', async () => {
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await screen.findByRole('heading', { name: 'Create domain' });
    type(domainField(), '-www.example.com');
    expect(screen.queryByText(rule('domain.name.hyphen'))).toBeNull();
    fireEvent.blur(domainField());
    expect(screen.getByText(rule('domain.name.hyphen'))).toBeTruthy();
    const port = within(originRow(1)).getByLabelText('Port');
    type(port, '65536');
    fireEvent.blur(port);
    expect(within(originRow(1)).getByText(rule('domain.origin.port'))).toBeTruthy();
  });

  it('adds and removes origins by keyboard-reachable buttons, and marks primary and backup', async () => {
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await screen.findByRole('heading', { name: 'Create domain' });
    expect(screen.queryByRole('button', { name: 'Remove origin 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(document.activeElement).toBe(addressOf(2));
    type(within(originRow(2)).getByLabelText('Priority'), '11');
    expect(within(originRow(1)).getByText('Primary')).toBeTruthy();
    expect(within(originRow(2)).getByText('Backup')).toBeTruthy();
    type(addressOf(1), '192.0.2.10');
    type(addressOf(2), '192.0.2.10');
    fireEvent.blur(addressOf(2));
    expect(within(originRow(2)).getByText(rule('domain.origin.backupSameAsPrimary'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove origin 1' }));
    expect(screen.queryByRole('group', { name: 'Origin 2' })).toBeNull();
    expect((addressOf(1) as HTMLInputElement).value).toBe('192.0.2.10');
    expect(within(originRow(1)).getByText('Primary')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add origin' }));
  });

  it('refuses a name that a domain of the account already has', async () => {
    runtime = await openTestRuntime();
    await runtime.store.putSnapshots(
      'domain',
      [
        {
          id: 'a0000000-0000-4000-8000-000000000001',
          version: 1,
          data: entry('a0000000-0000-4000-8000-000000000001'),
        },
      ],
      { key: 'domain', fetchedAt: Date.now(), replace: true },
    );
    renderScreen(runtime);
    await fillIn('www.example.com');
    submit();
    expect(await screen.findByText(rule('domain.name.exists'))).toBeTruthy();
    expect(await runtime.store.pending()).toEqual([]);
  });

  it('queues the creation, then shows the CNAME the server gives, with what to do at the DNS provider', async () => {
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await fillIn(' www.example.com ');
    fireEvent.change(screen.getByLabelText(/Acceleration area/), { target: { value: '2' } });
    submit();
    expect(await screen.findByRole('heading', { name: 'Creating www.example.com' })).toBeTruthy();
    expect(screen.getByText('Generating the CNAME…')).toBeTruthy();
    expect(screen.getByText('Pending sync')).toBeTruthy();

    const [queued] = await runtime.store.pending();
    expect(queued).toMatchObject({
      name: 'domain.create',
      kind: 'domain',
      baseVersion: 0,
      payload: {
        domain: 'www.example.com',
        service_type: 'web',
        area: '2',
        business_type: 'web',
        group_id: null,
        origins: [{ type: 'ip', address: '192.0.2.10', port: 80, level: 10, weight: 10, carrier: 'default' }],
      },
    });
    const id = queued!.aggregateId;
    expect((queued!.payload as { id: string }).id).toBe(id);

    await act(() =>
      runtime!.store.settle([
        {
          seq: queued!.seq,
          outcome: 'accepted',
          version: 1,
          snapshot: entry(id),
          kind: 'domain',
          aggregateId: id,
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'www.example.com has been added' })).toBeTruthy();
    expect(screen.getByTestId('cname').textContent).toBe('www-example-com.cdn.example.net');
    expect(
      screen.getByText(
        'At your DNS provider, add a CNAME record for www.example.com pointing at www-example-com.cdn.example.net. Acceleration takes effect once the record has propagated.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View domain detail' }).getAttribute('href')).toBe(
      `#/cdn/domain/detail?id=${id}`,
    );
    expect(screen.getByRole('link', { name: 'View in the domain list' }).getAttribute('href')).toBe(
      '#/cdn/domain/list',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add another domain' }));
    expect((domainField() as HTMLInputElement).value).toBe('');
  });

  it('offline, says the domain is kept on this device until back online', async () => {
    setOnline(false);
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await fillIn();
    submit();
    expect(
      await screen.findByRole('heading', { name: 'www.example.com is saved on this device' }),
    ).toBeTruthy();
    expect(screen.getByText('Pending sync')).toBeTruthy();
    const [queued] = await runtime.store.pending();
    expect(queued?.madeOffline).toBe(true);
  });

  it('shows the server’s refusal, and goes back to the form with everything kept to send it again', async () => {
    runtime = await openTestRuntime();
    renderScreen(runtime);
    await fillIn('taken.example.com');
    type(within(originRow(1)).getByLabelText('Port'), '8080');
    submit();
    await screen.findByRole('heading', { name: 'Creating taken.example.com' });
    const [queued] = await runtime.store.pending();
    const msg = 'This domain already exists and cannot be added again';
    await act(() =>
      runtime!.store.settle([
        {
          seq: queued!.seq,
          outcome: 'rejected',
          error: {
            code: 40905,
            msg,
            data: { issues: [{ path: 'domain', message_id: 'domain.name.exists' }] },
          },
        },
      ]),
    );
    expect(
      await screen.findByRole('heading', { name: 'taken.example.com could not be created' }),
    ).toBeTruthy();
    expect(screen.getByText(msg)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect((domainField() as HTMLInputElement).value).toBe('taken.example.com');
    expect((within(originRow(1)).getByLabelText('Port') as HTMLInputElement).value).toBe('8080');
    // The server's answer above the form, and its issue at the field it concerns (the same words).
    expect(rule('domain.name.exists')).toBe(msg);
    expect(screen.getAllByText(msg)).toHaveLength(2);
    expect(domainField().getAttribute('aria-invalid')).toBe('true');

    type(domainField(), 'free.example.com');
    expect(domainField().getAttribute('aria-invalid')).toBeNull();
    submit();
    await screen.findByRole('heading', { name: 'Creating free.example.com' });
    // The refused command is sent again, corrected: one entry, queued, under the same id.
    const pending = await runtime.store.pending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      seq: queued!.seq,
      aggregateId: queued!.aggregateId,
      state: 'queued',
      payload: { domain: 'free.example.com', id: queued!.aggregateId },
    });
  });

  it('keeps the form when the device cannot save', async () => {
    runtime = await openTestRuntime();
    const full = runtime;
    const { StoreFullError } = await import('../../../../src/store');
    full.enqueue = () => Promise.reject(new StoreFullError(new Error('quota')));
    renderScreen(full);
    await fillIn();
    submit();
    expect(
      await screen.findByText(
        "This device's storage is full, so the domain was not saved. Free some space and try again.",
      ),
    ).toBeTruthy();
    expect((domainField() as HTMLInputElement).value).toBe('www.example.com');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
