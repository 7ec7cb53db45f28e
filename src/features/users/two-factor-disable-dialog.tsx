import { useLingui } from '@lingui/react/macro';
import { notify } from '../../ui/toaster';
import { CurrentPasswordField } from './fields';
import { SendFormDialog } from './send-form-dialog';
import { TextField } from './text-field';
import { problemText } from './user-messages';
import { useFieldForm, useSend } from './use-field-form';
import { useUserCall } from './use-reads';
import type { FieldProblems } from './validate';

interface DisableDraft {
  password: string;
  code: string;
}
const disableProblems = (draft: DisableDraft): FieldProblems => ({
  ...(draft.password === '' ? { password: { id: 'user.password.currentRequired' } } : {}),
  ...(draft.code.trim().length < 6 ? { code: { id: 'user.twoFactor.codeOrRecovery' } } : {}),
});

/** Turns two-factor sign-in off: the password and a code (or a recovery code). */
export function TwoFactorDisableDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const form = useFieldForm<DisableDraft>({ password: '', code: '' }, disableProblems);
  const { draft, shown, change, touch } = form;
  const send = useSend(form, ['password', 'code'], async (sent) => {
    await call('twoFactorDisable', { password: sent.password, code: sent.code.trim() }, () => [], [
      'twoFactorStatus',
      'baseInfo',
    ]);
    notify('success', t({ id: 'user.twoFactor.disabled', message: 'Two-factor authentication is off.' }));
    onClose();
  });
  return (
    <SendFormDialog
      size="md"
      title={t({ id: 'user.twoFactor.disableTitle', message: 'Turn off two-factor authentication' })}
      intro={t({
        id: 'user.twoFactor.disableIntro',
        message:
          'Sign-in then asks for the password only, which lowers the security level. Confirm with your password and a code of the authenticator app (or a recovery code).',
      })}
      onClose={onClose}
      submitLabel={t({ id: 'user.twoFactor.disableSubmit', message: 'Turn off' })}
      submitPalette="red"
      send={send}
      online={online}
    >
      <CurrentPasswordField
        value={draft.password}
        onChange={(password) => change({ password })}
        onBlur={() => touch('password')}
        problem={problemText(i18n, shown.password)}
      />
      <TextField
        required
        autoComplete="one-time-code"
        maxLength={32}
        label={t({ id: 'user.twoFactor.codeOrRecoveryLabel', message: 'Code or recovery code' })}
        value={draft.code}
        onChange={(code) => change({ code })}
        onBlur={() => touch('code')}
        problem={problemText(i18n, shown.code)}
      />
    </SendFormDialog>
  );
}
