import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { menuDefinitions } from '../../../../src/contract/menu';
import { noGrants } from '../../../../src/contract/users';
import type { UserDetailTab } from '../../../../src/features/users/search';
import { UserDetailScreen } from '../../../../src/features/users/user-detail-screen';
import { activateEnglish } from '../ip-ban/fixtures';
import { child, fakeServer, menuLabels, ok, Shell } from './fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const ops = { ...child(12, 'ops'), real_name: 'Li Lei', mobile: '13800138000' };
const auths = menuDefinitions
  .filter((m) => !m.mainOnly)
  .map(({ menu_id, name, parent_id }) => ({
    menu_id,
    name,
    parent_id,
    checked: [700, 701].includes(menu_id),
  }));

function Harness({ initial }: { initial: UserDetailTab }) {
  const [tab, setTab] = useState<UserDetailTab>(initial);
  return (
    <Shell>
      <UserDetailScreen id={12} tab={tab} onTab={setTab} menuLabels={menuLabels} />
    </Shell>
  );
}

describe('a sub-account’s detail', () => {
  it('shows the login as fixed and saves the contacts with the contract’s rules', async () => {
    const server = fakeServer({
      childDetail: [ok({ user: ops })],
      childUpdate: [ok({ user: { ...ops, email: 'ops@example.com' } })],
    });
    render(<Harness initial="profile" />);
    expect(await screen.findByText('The login cannot be changed once set.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Login/ })).toBeNull();
    const email = screen.getByLabelText(/^Email/, { selector: 'input' });
    fireEvent.change(email, { target: { value: 'ops@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(server.sent.some((s) => s.name === 'childUpdate')).toBe(false);
    fireEvent.change(email, { target: { value: 'ops@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(server.sent.filter((s) => s.name === 'childUpdate').map((s) => s.body)).toEqual([
        { user_id: 12, real_name: 'Li Lei', mobile: '13800138000', email: 'ops@example.com', remark: '' },
      ]),
    );
  });

  it('edits the permissions read from childAuthLists and saves them whole', async () => {
    const answer = { auths, data: noGrants(), api_enabled: false };
    const server = fakeServer({
      childDetail: [ok({ user: ops })],
      childLists: [ok({ lists: [ops], total: 1, max: 5 })],
      childAuthLists: [ok(answer)],
      childAuthUpdate: [ok(answer)],
    });
    render(<Harness initial="permissions" />);
    const ipBan = (await screen.findByRole('checkbox', { name: 'IP blocking' })) as HTMLInputElement;
    expect(ipBan.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'IP check' }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save permissions' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // The whole form first (its domain choice reads on its own), then the changes.
    const everyDomain = await screen.findByText('All, including future domains');
    fireEvent.click(ipBan);
    await waitFor(() => expect(ipBan.checked).toBe(true));
    fireEvent.click(everyDomain);
    await waitFor(() => expect(save.disabled).toBe(false));
    await act(async () => fireEvent.click(save));
    await waitFor(() =>
      expect(server.sent.filter((s) => s.name === 'childAuthUpdate').map((s) => s.body)).toEqual([
        {
          child_user_id: 12,
          menu_ids: [700, 701, 702],
          data: { ...noGrants(), domains: { all: true, ids: [] } },
          api_enabled: false,
        },
      ]),
    );
  });

  it('says so when the sub-account does not exist', async () => {
    fakeServer({ childDetail: [{ code: 40401, msg: 'The requested resource does not exist.', data: {} }] });
    render(<Harness initial="profile" />);
    expect(
      await screen.findByText('This sub-account does not exist: it may have been deleted.'),
    ).toBeTruthy();
  });
});
