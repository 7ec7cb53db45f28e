import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { AccountCenterScreen } from '../../../../src/features/users/account-center-screen';
import { qrPath } from '../../../../src/features/users/qr-code';
import { AppStateProvider, useAppState } from '../../../../src/ui/app-state';
import { activateEnglish } from '../ip-ban/fixtures';
import { fakeServer, ok, Shell } from './fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const base = (id: number) => ({
  id,
  login: 'demo',
  kind: 'main',
  real_name: 'Zhang San',
  real_name_verified: true,
  mobile: '13800138000',
  email: 'ops@example.com',
  company: 'Example Co.',
  balance: '0.00',
  service_status: 'open',
  login_account_source: 0,
  created_at: '2026-03-01T08:00:00.000Z',
});
const status = (enabled: boolean) => ({
  type: 'totp',
  enabled,
  recovery_codes_left: enabled ? 10 : 0,
  security_level: enabled ? 'high' : 'medium',
});

/** The account center of the shell's signed-in account, or of `id` seen as `kind`. */
function Own({ other, kind }: { other?: number; kind?: 'main' | 'sub' }) {
  const state = useAppState();
  const info = state.loginInfo!;
  const signedIn = { ...state, loginInfo: { ...info, kind: kind ?? info.kind } };
  return (
    <AppStateProvider value={signedIn}>
      <AccountCenterScreen id={other ?? info.user_id} />
    </AppStateProvider>
  );
}

const bodies = (server: ReturnType<typeof fakeServer>, name: string) =>
  server.sent.filter((s) => s.name === name).map((s) => s.body);

describe('the account center', () => {
  it('keeps a verified real name and saves the contacts after the §5 rules', async () => {
    const server = fakeServer({
      twoFactorStatus: [ok(status(false))],
      update: [ok({ ...base(0), mobile: '13900139000' })],
    });
    render(
      <Shell>
        <Probe server={server} />
      </Shell>,
    );
    const realName = (await screen.findByLabelText(/^Real name/, { selector: 'input' })) as HTMLInputElement;
    expect(realName.disabled).toBe(true);
    expect(screen.getByText('The real name of a verified account cannot be changed.')).toBeTruthy();
    const mobile = screen.getByLabelText(/^Mobile/, { selector: 'input' });
    fireEvent.change(mobile, { target: { value: '1380013800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid 11-digit mobile number.')).toBeTruthy();
    expect(bodies(server, 'update')).toEqual([]);
    fireEvent.change(mobile, { target: { value: ' 13900139000 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(bodies(server, 'update')).toEqual([
        { real_name: 'Zhang San', mobile: '13900139000', email: 'ops@example.com', company: 'Example Co.' },
      ]),
    );
  });
});

describe('two-factor authentication in the account center', () => {
  it('shows the key as a QR code, turns it on with a code and shows the recovery codes once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const url = `otpauth://totp/CDN%20Console:demo?secret=${secret}&issuer=CDN%20Console`;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efg${i}`);
    const server = fakeServer({
      twoFactorStatus: [ok(status(false)), ok(status(true))],
      twoFactorSetup: [ok({ secret, otpauth_url: url })],
      twoFactorEnable: [
        {
          code: 40001,
          msg: 'The code is incorrect or was already used. Enter the current code of your authenticator app.',
          data: { issues: [{ path: 'code', message_id: 'user.twoFactor.codeWrong' }] },
        },
        ok({ recovery_codes: codes }),
      ],
    });
    render(
      <Shell>
        <Probe server={server} />
      </Shell>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog');
    const qr = await within(dialog).findByRole('img', { name: 'QR code of the key' });
    // The drawing is the encoder's matrix for the otpauth address, module for module.
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(
      qrPath(encode(url, { ecc: 'M', border: 2 }).data).path,
    );
    expect(within(dialog).getByTestId('totp-key').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = within(dialog).getByLabelText(/^6-digit code/, { selector: 'input' });
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(dialog).findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(bodies(server, 'twoFactorEnable')).toEqual([]);
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and turn on' })),
    );
    expect(
      await within(dialog).findByText(
        'The code is incorrect or was already used. Enter the current code of your authenticator app.',
      ),
    ).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('123 456');
    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and turn on' })),
    );
    const list = await within(dialog).findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(bodies(server, 'twoFactorEnable')).toEqual([{ code: '123456' }, { code: '654321' }]);
    const done = within(dialog).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('I have saved the recovery codes'));
    await waitFor(() => expect(done.disabled).toBe(false));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeTruthy();
  });

  it('turns it off only with the password and a code', async () => {
    const server = fakeServer({
      twoFactorStatus: [ok(status(true)), ok(status(false))],
      twoFactorDisable: [
        {
          code: 40001,
          msg: 'The current password is incorrect.',
          data: { issues: [{ path: 'password', message_id: 'user.password.wrong' }] },
        },
        ok({ ok: true }),
      ],
    });
    render(
      <Shell>
        <Probe server={server} />
      </Shell>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter the current password')).toBeTruthy();
    expect(within(dialog).getByText('Enter a 6-digit code or a recovery code')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Current password/, { selector: 'input' }), {
      target: { value: 'wrong-one' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Code or recovery code/, { selector: 'input' }), {
      target: { value: 'abcd-efgh' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' })));
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(server, 'twoFactorDisable')).toEqual([
      { password: 'wrong-one', code: 'abcd-efgh' },
      { password: 'wrong-one', code: 'abcd-efgh' },
    ]);
    expect(await screen.findByText(/^Off: sign-in asks for the password only/)).toBeTruthy();
  });
});

describe('password change in the account center', () => {
  it('asks for the current password and the §5 policy before sending', async () => {
    const server = fakeServer({
      twoFactorStatus: [ok(status(false))],
      passwordChange: [ok({ ok: true })],
    });
    render(
      <Shell>
        <Probe server={server} />
      </Shell>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
    fireEvent.change(field(/^New password|^Password/), { target: { value: 'alllowercase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Enter the current password')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'The password needs at least three of: uppercase letters, lowercase letters, digits, symbols',
      ),
    ).toBeTruthy();
    fireEvent.change(field(/^Current password/), { target: { value: 'Old-pass1' } });
    fireEvent.change(field(/^New password|^Password/), { target: { value: 'New-pass2' } });
    fireEvent.change(field(/^Confirm password/), { target: { value: 'New-pass2' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' })));
    await waitFor(() =>
      expect(bodies(server, 'passwordChange')).toEqual([
        { old_password: 'Old-pass1', password: 'New-pass2', confirm_password: 'New-pass2' },
      ]),
    );
  });
});

describe('another account’s center', () => {
  it('is refused to a sub-account, with the way to its own', async () => {
    fakeServer({});
    render(
      <Shell>
        <Own other={1} kind="sub" />
      </Shell>,
    );
    expect(await screen.findByText('A sub-account can open only its own account center.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my account center' }).getAttribute('href')).toMatch(
      /^#\/cdn\/user\/detail\/\d+$/,
    );
  });
});

/** The signed-in account's own center, its base information answered for its id. */
function Probe({ server }: { server: ReturnType<typeof fakeServer> }) {
  const id = useAppState().loginInfo!.user_id;
  server.answers.baseInfo = [ok(base(id))];
  return <AccountCenterScreen id={id} />;
}
