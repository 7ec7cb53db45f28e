import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenScreen } from '../../../../src/features/tokens/token-screen';
import { activateEnglish } from '../ip-ban/fixtures';
import { child, children, domainNames, fakeServer, ok, Shell, signedIn, token, tokenList } from './fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const domains = domainNames([
  ['d1', 'www.demo-shop.com'],
  ['d2', 'img.demo-shop.com'],
  ['d3', 'api.demo-shop.com'],
]);
const subAccounts = children([child(11, 'ops', true), child(12, 'analyst', false)]);

const renderScreen = () =>
  render(
    <Shell>
      <TokenScreen />
    </Shell>,
  );

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('the token list', () => {
  it('shows each token’s user, remark, secret hint, access, addresses, domains, use and expiry', async () => {
    fakeServer({
      tokenLists: [
        tokenList([
          token('aaaa1111', {
            user_id: 11,
            user_name: 'ops',
            remark: 'deploy script',
            access: 'write',
            allowed_ips: ['192.0.2.1', '198.51.100.0/24'],
            domain_ids: ['d1', 'd2'],
            last_used_at: '2026-04-01T02:03:04.000Z',
            expires_at: '2020-01-01T00:00:00.000Z',
          }),
          token('bbbb2222', { remark: 'reports' }),
        ]),
      ],
      childLists: [subAccounts],
      domainNames: [domains],
    });
    renderScreen();
    const first = await rowOf('deploy script');
    expect(within(first).getByText('ops')).toBeTruthy();
    expect(within(first).getByText('cdnk_aaaa…')).toBeTruthy();
    expect(within(first).getByText('Read-write')).toBeTruthy();
    expect(within(first).getByText('Expired')).toBeTruthy();
    const addresses = within(first).getByRole('button', { name: '2 IP addresses or ranges' });
    expect(addresses.getAttribute('title')).toBe('192.0.2.1\n198.51.100.0/24');
    const domainButton = within(first).getByRole('button', { name: '2 domains' });
    expect(domainButton.getAttribute('aria-expanded')).toBe('false');
    // The names on hover, and listed once pressed (touch, keyboard).
    await vi.waitFor(() =>
      expect(domainButton.getAttribute('title')).toBe('www.demo-shop.com\nimg.demo-shop.com'),
    );
    fireEvent.click(domainButton);
    expect(domainButton.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByText('img.demo-shop.com')).toBeTruthy();

    const second = await rowOf('reports');
    expect(within(second).getByText('Read only')).toBeTruthy();
    expect(within(second).getByText('Any address')).toBeTruthy();
    expect(within(second).getByText('All domains')).toBeTruthy();
    expect(within(second).getByText('Never used')).toBeTruthy();
    expect(within(second).getByText('Never')).toBeTruthy();
  });

  it('offers no new token once there are 5 (spec §9), in the spec’s words (spec §8)', async () => {
    fakeServer({
      tokenLists: [tokenList(['a', 'b', 'c', 'd', 'e'].map((id) => token(`${id}000`, { remark: id })))],
      childLists: [subAccounts],
      domainNames: [domains],
    });
    renderScreen();
    await screen.findByText('e');
    const create = screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const note = screen.getByText(
      'Only supports the creation of up to 5 tokens. If you need to create a new token, please delete the unnecessary tokens first.',
    );
    expect(create.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('says when there is none yet, and when the list cannot be read', async () => {
    fakeServer({ tokenLists: [tokenList([])], childLists: [subAccounts], domainNames: [domains] });
    renderScreen();
    expect(await screen.findByText('No tokens yet.')).toBeTruthy();
    cleanup();
    fakeServer({
      tokenLists: [{ code: 50001, msg: 'The server is busy.', data: {} }],
      childLists: [subAccounts],
      domainNames: [domains],
    });
    renderScreen();
    expect(await screen.findByText('Could not load the tokens.')).toBeTruthy();
  });
});

describe('deleting a token', () => {
  it('needs the token’s user name typed before the delete button turns on (spec §5)', async () => {
    const server = fakeServer({
      tokenLists: [
        tokenList([token('aaaa1111', { user_name: 'ops', user_id: 11, remark: 'deploy' })]),
        tokenList([]),
      ],
      childLists: [subAccounts],
      domainNames: [domains],
      tokenDelete: [ok({ id: 'aaaa1111' })],
    });
    renderScreen();
    const row = await rowOf('deploy');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete the token of ops (cdnk_aaaa…)' }));
    const dialog = await screen.findByRole('alertdialog');
    const remove = within(dialog).getByRole('button', { name: 'Delete token' }) as HTMLButtonElement;
    const input = within(dialog).getByLabelText('To confirm, type the user name ops');
    expect(remove.disabled).toBe(true);
    for (const wrong of ['op', 'OPS', 'ops2', 'delete']) {
      fireEvent.change(input, { target: { value: wrong } });
      expect(remove.disabled, wrong).toBe(true);
    }
    // Enter in the field does not get round the gate.
    fireEvent.submit(input.closest('form')!);
    expect(server.sent.some((s) => s.name === 'tokenDelete')).toBe(false);

    fireEvent.change(input, { target: { value: ' ops ' } });
    expect(remove.disabled).toBe(false);
    await act(async () => fireEvent.click(remove));
    expect(server.sent.filter((s) => s.name === 'tokenDelete').map((s) => s.body)).toEqual([
      { id: 'aaaa1111', confirm: ' ops ' },
    ]);
    await vi.waitFor(() => expect(screen.queryByText('deploy')).toBeNull());
  });

  it('keeps the dialog with the server’s words when the server refuses', async () => {
    fakeServer({
      tokenLists: [tokenList([token('aaaa1111', { remark: 'deploy' })])],
      childLists: [subAccounts],
      domainNames: [domains],
      tokenDelete: [{ code: 50001, msg: 'The server is busy. Please try again later.', data: {} }],
    });
    renderScreen();
    fireEvent.click(within(await rowOf('deploy')).getByRole('button', { name: /Delete the token of demo/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('To confirm, type the user name demo'), {
      target: { value: 'demo' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete token' })));
    expect(await within(dialog).findByText('The server is busy. Please try again later.')).toBeTruthy();
    expect(within(screen.getByRole('table', { hidden: true })).getByText('deploy')).toBeTruthy();
  });
});

describe('creating a token', () => {
  const secret = 'cdnk_0123456789abcdefghijklmnopqrstuv';

  it('offers the main account and the sub-accounts, those without API permission disabled with a way to enable it', async () => {
    fakeServer({ tokenLists: [tokenList([])], childLists: [subAccounts], domainNames: [domains] });
    renderScreen();
    await screen.findByText('No tokens yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create token' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'ops' });
    const user = within(dialog).getByRole('combobox', { name: /User/ });
    const options = within(user).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent, o.disabled])).toEqual([
      [String(signedIn.mainId), 'demo (main account)', false],
      ['11', 'ops', false],
      ['12', 'analyst (no API permission)', true],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Permissions of analyst' }).getAttribute('href')).toBe(
      '#/cdn/user/detail/12?tab=permissions',
    );
  });

  it('checks the addresses line by line, keeps the form on a refusal, then shows the secret once', async () => {
    const made = token('cccc3333', { user_id: 11, user_name: 'ops', remark: 'ci', hint: 'cdnk_0123…' });
    const server = fakeServer({
      // Read at first, again after the refusal, and after the creation.
      tokenLists: [tokenList([]), tokenList([]), tokenList([made])],
      childLists: [subAccounts],
      domainNames: [domains],
      tokenCreate: [
        { code: 42203, msg: 'Only supports the creation of up to 5 tokens.', data: { max: 5 } },
        ok({ token: made, secret }),
      ],
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderScreen();
    await screen.findByText('No tokens yet.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create token' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'ops' });

    fireEvent.change(within(dialog).getByRole('combobox', { name: /User/ }), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Remark' }), { target: { value: 'ci' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read-write/ }));
    const addresses = within(dialog).getByRole('textbox', { name: 'Allowed addresses' });
    fireEvent.change(addresses, { target: { value: '192.0.2.1\n192.0.2.7/24' } });
    expect(await within(dialog).findByText('Line 2')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'A CIDR range must start at its network address, with the host bits zero (e.g. 192.0.2.0/24)',
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(server.sent.some((s) => s.name === 'tokenCreate')).toBe(false);

    fireEvent.change(addresses, { target: { value: '192.0.2.1\n192.0.2.0/24' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Selected domains' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one domain, or all domains.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search domains' }), {
      target: { value: 'img' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'img.demo-shop.com' }));
    expect(await within(dialog).findByText('1 domain chosen')).toBeTruthy();

    // Refused (someone made the fifth token meanwhile): said above the form, the form kept.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(await within(dialog).findByText('Only supports the creation of up to 5 tokens.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Remark' }) as HTMLInputElement).value).toBe('ci');
    expect((addresses as HTMLTextAreaElement).value).toBe('192.0.2.1\n192.0.2.0/24');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    const sent = server.sent.filter((s) => s.name === 'tokenCreate').map((s) => s.body);
    expect(sent[1]).toEqual({
      user_id: 11,
      remark: 'ci',
      access: 'write',
      allowed_ips: ['192.0.2.1', '192.0.2.0/24'],
      domains: { all: false, ids: ['d2'] },
      expires_at: null,
    });

    const shown = await screen.findByRole('alertdialog');
    expect(within(shown).getByText(secret)).toBeTruthy();
    expect(within(shown).getByText('The secret will not be shown again.')).toBeTruthy();
    expect(
      within(shown).getByText(
        `curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/v3/domain/domain/names`,
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(shown).getByRole('button', { name: 'Copy secret' })));
    expect(writeText).toHaveBeenCalledWith(secret);

    fireEvent.click(within(shown).getByRole('button', { name: 'I have saved the secret' }));
    await vi.waitFor(() => expect(screen.queryByText(secret)).toBeNull());
    expect(await screen.findByText('ci')).toBeTruthy();
  });
});
