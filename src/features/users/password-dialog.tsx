import { useLingui } from '@lingui/react/macro';
import { useUserCall } from './use-reads';
import { emptyPassword, passwordFields, passwordProblems, type PasswordDraft } from './validate';
import { PasswordForm } from './password-form';

/** Resets a sub-account's password: its sign-ins end. */
export function PasswordDialog({
  user,
  online,
  onClose,
}: {
  user: { id: number; login: string };
  online: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const call = useUserCall();
  const login = user.login;
  return (
    <PasswordForm<PasswordDraft>
      initial={emptyPassword}
      problemsOf={passwordProblems}
      fields={passwordFields}
      send={async (draft) => {
        await call('childPassword', { user_id: user.id, ...draft });
        return t({ id: 'user.password.done', message: `Password reset: ${login} must sign in again.` });
      }}
      title={t({ id: 'user.password.title', message: `Reset the password of ${login}` })}
      intro={t({
        id: 'user.password.intro',
        message: 'The sub-account is signed out everywhere and signs in with the new password.',
      })}
      submitLabel={t({ id: 'user.password.submit', message: 'Reset password' })}
      online={online}
      onClose={onClose}
    />
  );
}
