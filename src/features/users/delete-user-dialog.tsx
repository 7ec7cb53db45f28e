import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/confirm-dialog';

interface DeleteUserDialogProps {
  open: boolean;
  /** The sub-account's login, named in the question. */
  login: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a sub-account is deleted, and says what deleting it does. */
export function DeleteUserDialog({ open, login, onConfirm, onCancel }: DeleteUserDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={t({ id: 'user.delete.title', message: `Delete the sub-account ${login}?` })}
      message={t({
        id: 'user.delete.message',
        message:
          'It is signed out and can no longer sign in; its API tokens stop working. What it created stays with your account. This cannot be undone.',
      })}
      confirmLabel={t({ id: 'user.delete.confirm', message: 'Delete' })}
      cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
