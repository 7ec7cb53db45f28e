import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { commandFor } from '../../commands/queue';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { Enqueue } from './use-setting-draft';

/** A setting the user asked to delete, and the command that deletes it. */
export interface SettingDeletion {
  command: 'alarmPolicy.delete' | 'alarmTemplate.delete' | 'alarmContact.delete' | 'alarmGroup.delete';
  id: string;
  name: string;
}

/** Asks before a setting is deleted; the deletion then goes to the outbox like every change. */
export function DeleteConfirm({
  target,
  enqueue,
  onClose,
}: {
  target: SettingDeletion | null;
  enqueue: Enqueue;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const remove = async (deletion: SettingDeletion) => {
    onClose();
    await enqueue(commandFor(deletion.command, { id: deletion.id }), {
      online: t({ id: 'alarm.ui.deleted', message: `${ph({ name: deletion.name })} was deleted.` }),
      offline: t({
        id: 'alarm.ui.deletedOffline',
        message: `The deletion of ${ph({ name: deletion.name })} is saved on this device and sent when the connection returns.`,
      }),
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={t({ id: 'alarm.ui.deleteTitle', message: 'Delete?' })}
      message={
        target
          ? t({
              id: 'alarm.ui.deleteMessage',
              message: `${ph({ name: target.name })} is deleted. This cannot be undone.`,
            })
          : ''
      }
      confirmLabel={t({ id: 'alarm.ui.delete', message: 'Delete' })}
      cancelLabel={t({ id: 'alarm.ui.cancel', message: 'Cancel' })}
      onConfirm={() => {
        if (target) void remove(target);
      }}
      onCancel={onClose}
    />
  );
}
