import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import type { FileSyncTask } from '../../contract/file-sync';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { notify } from '../../ui/toaster';
import type { TaskRemoval } from './task-row';
import { forgetUpload } from './uploads';

/** A task the user asked to remove, and what removing it does. */
export interface PendingRemoval {
  task: FileSyncTask;
  done: TaskRemoval;
}

/**
 * Asks before cancelling an upload, deleting a stored file or removing a record, then does it on
 * the server (this page's upload of the task stops first); `onSettled` follows every answer.
 */
export function RemoveTaskDialog({
  pending,
  onClose,
  onSettled,
}: {
  pending: PendingRemoval | null;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      forgetUpload(pending.task.id);
      const result = await api.call('fileSyncDelete', { id: pending.task.id });
      notify(
        'success',
        result.done === 'cancelled'
          ? t({ id: 'fileSync.done.cancelled', message: 'The upload was cancelled' })
          : result.done === 'deleted'
            ? t({ id: 'fileSync.done.deleted', message: 'The file was deleted' })
            : t({ id: 'fileSync.done.removed', message: 'The record was removed' }),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
      onClose();
      onSettled();
    }
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        pending?.done === 'cancelled'
          ? t({ id: 'fileSync.confirm.cancelTitle', message: 'Cancel the upload?' })
          : pending?.done === 'deleted'
            ? t({ id: 'fileSync.confirm.deleteTitle', message: 'Delete the file?' })
            : t({ id: 'fileSync.confirm.removeTitle', message: 'Remove the record?' })
      }
      message={
        pending === null
          ? ''
          : pending.done === 'cancelled'
            ? t({
                id: 'fileSync.confirm.cancel',
                message: `The upload of ${ph({ name: pending.task.name })} is stopped and the bytes uploaded so far are dropped.`,
              })
            : pending.done === 'deleted'
              ? t({
                  id: 'fileSync.confirm.delete',
                  message: `${ph({ name: pending.task.name })} is deleted from your storage. This cannot be undone.`,
                })
              : t({
                  id: 'fileSync.confirm.remove',
                  message: `The record of ${ph({ name: pending.task.name })} is removed from the list.`,
                })
      }
      confirmLabel={
        busy
          ? t({ id: 'fileSync.confirm.working', message: 'Working…' })
          : t({ id: 'fileSync.confirm.yes', message: 'Confirm' })
      }
      cancelLabel={t({ id: 'fileSync.confirm.no', message: 'Back' })}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
