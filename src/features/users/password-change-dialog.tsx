import { useLingui } from '@lingui/react/macro';
import { useUserCall } from './use-reads';
import {
  emptyPasswordChange,
  passwordChangeFields,
  passwordChangeProblems,
  type PasswordChangeDraft,
} from './validate';
import { PasswordForm } from './password-form';

/** Changes the signed-in account's own password: its other sign-ins end, this one stays. */
export function PasswordChangeDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const call = useUserCall();
  return (
    <PasswordForm<PasswordChangeDraft>
      initial={emptyPasswordChange}
      problemsOf={passwordChangeProblems}
      fields={passwordChangeFields}
      send={async (draft) => {
        await call('passwordChange', draft);
        return t({
          id: 'user.password.changed',
          message: 'Password changed. Your other sign-ins have ended.',
        });
      }}
      title={t({ id: 'user.password.changeTitle', message: 'Change password' })}
      intro={t({
        id: 'user.password.changeIntro',
        message:
          'Enter your current password, then the new one twice. You stay signed in here; your other sign-ins end.',
      })}
      submitLabel={t({ id: 'user.password.changeSubmit', message: 'Change password' })}
      online={online}
      onClose={onClose}
    />
  );
}
