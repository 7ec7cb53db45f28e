import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import { FormDialog } from '../../ui/form-dialog';
import { useOnline } from '../../ui/use-online';
import { CurrentPasswordField } from './fields';
import { problemText } from './user-messages';
import { refusalOf, type FieldProblems } from './validate';

/**
 * Confirms the signed-in user's password before a call that needs a recent sign-in (turning
 * two-factor sign-in on, creating an API token, changing a sub-account's permissions or password).
 * Once confirmed, the call is sent again by itself, and such calls need no confirmation for a
 * while (the server's `REAUTH_SECONDS`). What was typed stays whatever the server answers.
 */
export function PasswordConfirmDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [password, setPassword] = useState('');
  // Said once the user tries to confirm: a word under the field as focus leaves it would move the
  // buttons under the pointer on its way to Cancel.
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const required = password === '' ? { id: 'user.password.currentRequired' } : undefined;
  const shown = server.password ?? (tried ? required : undefined);

  const submit = async () => {
    setTried(true);
    if (password === '' || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.call('passwordConfirm', { password }, { quiet: true });
      onDone(true);
    } catch (error) {
      const refusal = refusalOf(error, ['password']);
      setServer(refusal.fields);
      setFailure(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      closeOnInteractOutside={false}
      title={t({ id: 'user.confirm.title', message: 'Confirm your password' })}
      onClose={() => onDone(false)}
      onSubmit={() => void submit()}
      submitLabel={t({ id: 'user.confirm.submit', message: 'Confirm' })}
      busy={busy}
      submitDisabled={!online}
      failure={failure}
    >
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'user.confirm.intro',
          message:
            'For your account’s safety, enter your sign-in password to continue. You will not be asked again for a few minutes.',
        })}
      </Text>
      <CurrentPasswordField
        value={password}
        onChange={(next) => {
          setPassword(next);
          setServer({});
        }}
        problem={problemText(i18n, shown)}
      />
    </FormDialog>
  );
}
