import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserCreateScreen } from '../../../../src/features/users/user-create-screen';
import { activateEnglish } from '../ip-ban/fixtures';
import { child, fakeServer, menuLabels, ok, Shell, type FakeServer } from './fixtures';

function renderScreen() {
  render(
    <Shell>
      <UserCreateScreen menuLabels={menuLabels} />
    </Shell>,
  );
}

/** A field by the start of its label (a required field's label ends with its mark). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeAll(activateEnglish);
let server: FakeServer;
beforeEach(() => {
  server = fakeServer({ childLists: [ok({ lists: [child(8, 'ops')], total: 1, max: 5 })] });
});
afterEach(cleanup);

describe('create sub-account', () => {
  it('marks each field of the information step with the contract’s rule, and holds the step', async () => {
    renderScreen();
    click('Next');
    await screen.findByText('Enter a login');
    expect(screen.getByText('Enter a password')).toBeTruthy();
    type('Login', '1ops');
    type('Mobile', '1380013800');
    expect(screen.getByText(/A login is 4–32 characters/)).toBeTruthy();
    expect(screen.getByText('Please enter a valid 11-digit mobile number.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Function permission' })).toBeNull();
  });

  it('creates a sub-account through the three steps, and keeps what was typed when the server refuses the login', async () => {
    server.answers.childAdd = [
      { code: 40901, msg: 'The login ops-team is already taken.', data: { login: 'ops-team' } },
      ok({ user: { ...child(9, 'ops-team2'), api_enabled: true } }),
    ];
    renderScreen();
    type('Login', 'ops-team');
    type('Password', 'Ab1#efgh');
    type('Confirm password', 'Ab1#efgh');
    click('Next');

    await screen.findByRole('heading', { name: 'Function permission' });
    // Main-only items (user management, tokens, audit log) are never offered.
    expect(screen.queryByText('user_list')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tools' }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'IP blocking' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow API tokens' }));
    await act(async () => click('Create'));

    // Refused: back on the first step, the login marked, everything kept.
    await screen.findByText('The login ops-team is already taken.');
    expect((field('Login') as HTMLInputElement).value).toBe('ops-team');
    expect((field('Password') as HTMLInputElement).value).toBe('Ab1#efgh');
    type('Login', 'ops-team2');
    expect(screen.queryByText('The login ops-team is already taken.')).toBeNull();
    click('Next');
    await screen.findByRole('heading', { name: 'Function permission' });
    expect((screen.getByRole('checkbox', { name: 'IP blocking' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => click('Create'));

    await screen.findByText('Sub-account ops-team2 created');
    const adds = server.sent.filter((s) => s.name === 'childAdd').map((s) => s.body);
    expect(adds).toHaveLength(2);
    expect(adds[1]).toMatchObject({
      login: 'ops-team2',
      password: 'Ab1#efgh',
      confirm_password: 'Ab1#efgh',
      menu_ids: [700, 701, 702],
      data: {
        domains: { all: false, ids: [] },
        certs: { all: false, ids: [] },
        users: { all: false, ids: [] },
      },
      api_enabled: true,
    });
  });

  it('says the sub-account limit when the server refuses a sixth one, on the step where it was asked', async () => {
    server.answers.childAdd = [
      {
        code: 42203,
        msg: 'Up to 5 sub-accounts can be created. To create a new one, please delete an unneeded sub-account first.',
        data: { max: 5 },
      },
    ];
    renderScreen();
    type('Login', 'ops-six');
    type('Password', 'Ab1#efgh');
    type('Confirm password', 'Ab1#efgh');
    click('Next');
    await screen.findByRole('heading', { name: 'Function permission' });
    await act(async () => click('Create'));
    await screen.findByText('The sub-account was not created');
    expect(screen.getByText(/Up to 5 sub-accounts can be created/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Function permission' })).toBeTruthy();
  });
});
