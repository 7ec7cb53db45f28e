import { useLingui } from '@lingui/react/macro';
import { api } from '../../api';
import { useOnline } from '../../ui/use-online';
import { CurrentPasswordField } from './fields';
import { SendFormDialog } from './send-form-dialog';
import { problemText } from './user-messages';
import { useFieldForm, useSend } from './use-field-form';
import type { FieldProblems } from './validate';

const confirmProblems = (draft: { password: string }): FieldProblems =>
  draft.password === '' ? { password: { id: 'user.password.currentRequired' } } : {};

/**
 * Confirms the signed-in user's password before a call that needs a recent sign-in (turning
 * two-factor sign-in on, creating an API token, changing a sub-account's permissions or password).
 * Once confirmed, the call is sent again by itself, and such calls need no confirmation for a
 * while (the server's `REAUTH_SECONDS`). What was typed stays whatever the server answers.
 */
export function PasswordConfirmDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const form = useFieldForm({ password: '' }, confirmProblems);
  const send = useSend(form, ['password'], async ({ password }) => {
    await api.call('passwordConfirm', { password }, { quiet: true });
    onDone(true);
  });

  return (
    <SendFormDialog
      title={t({ id: 'user.confirm.title', message: 'Confirm your password' })}
      intro={t({
        id: 'user.confirm.intro',
        message:
          'For your account’s safety, enter your sign-in password to continue. You will not be asked again for a few minutes.',
      })}
      onClose={() => onDone(false)}
      submitLabel={t({ id: 'user.confirm.submit', message: 'Confirm' })}
      send={send}
      online={online}
    >
      {/* No onBlur: the problem is said once the user tries to confirm, since a word under the
          field as focus leaves it would move the buttons under the pointer on its way to Cancel. */}
      <CurrentPasswordField
        value={form.draft.password}
        onChange={(password) => form.change({ password })}
        problem={problemText(i18n, form.shown.password)}
      />
    </SendFormDialog>
  );
}
