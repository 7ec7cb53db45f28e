import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserListScreen } from '../../../../src/features/users/user-list-screen';
import { activateEnglish } from '../ip-ban/fixtures';
import { child, fakeServer, ok, Shell } from './fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const list = (n: number) =>
  ok({
    lists: Array.from({ length: n }, (_, i) => ({
      ...child(10 + i, `ops${i + 1}`),
      ...(i === 0
        ? { real_name: 'Li Lei', mobile: '13800138000', security_level: 'high', api_enabled: true }
        : {}),
      two_factor: { type: 'totp', enabled: i === 0 },
    })),
    total: n,
    max: 5,
  });

const renderScreen = () =>
  render(
    <Shell>
      <UserListScreen />
    </Shell>,
  );

describe('the sub-account list', () => {
  it('lists the sub-accounts with their contacts, security, two-factor and API permission', async () => {
    fakeServer({ childLists: [list(2)] });
    renderScreen();
    const row = (await screen.findByText('ops1')).closest('tr')!;
    expect(within(row).getByText('Li Lei')).toBeTruthy();
    expect(within(row).getByText('13800138000')).toBeTruthy();
    expect(within(row).getByText('High')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(row).getByText('Allowed')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit permissions' }).getAttribute('href')).toBe(
      '#/cdn/user/detail/10?tab=permissions',
    );
    expect(screen.getByRole('link', { name: 'Create sub-account' }).getAttribute('href')).toBe(
      '#/cdn/user/create',
    );
  });

  it('offers no creation once there are 5 sub-accounts (spec §9), and says why', async () => {
    fakeServer({ childLists: [list(5)] });
    renderScreen();
    await screen.findByText('ops5');
    const create = screen.getByRole('button', { name: 'Create sub-account' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByText('Up to 5 sub-accounts')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create sub-account' })).toBeNull();
  });

  it('asks before deleting, naming the login, then deletes it', async () => {
    const server = fakeServer({ childLists: [list(2)], childDelete: [ok({ user_id: 11 })] });
    renderScreen();
    const row = (await screen.findByText('ops2')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete the sub-account ops2?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(server.sent.filter((s) => s.name === 'childDelete').map((s) => s.body)).toEqual([{ user_id: 11 }]);
  });

  it('says when there is none yet, and when the list cannot be read', async () => {
    fakeServer({ childLists: [list(0)] });
    renderScreen();
    expect(await screen.findByText('No sub-accounts yet.')).toBeTruthy();
    cleanup();
    fakeServer({ childLists: [{ code: 50001, msg: 'The server is busy.', data: {} }] });
    renderScreen();
    expect(await screen.findByText('Could not load the sub-accounts.')).toBeTruthy();
  });
});
