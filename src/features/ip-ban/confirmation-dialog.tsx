import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { IpBanRow } from './rows';

/** What the ban list asks or says in a dialog: an unban, a ban again, or a notice. */
export type Confirmation =
  | { kind: 'unban'; ids: string[] }
  | { kind: 'banAgain'; row: IpBanRow }
  | { kind: 'notice'; title: string; message: string };

export interface ConfirmationDialogProps {
  confirmation: Confirmation | null;
  onClose: () => void;
  onUnban: (ids: string[]) => void;
  onBanAgain: (row: IpBanRow) => void;
}

/** The ban list's question or notice, if any: the confirmed action runs after the dialog closes. */
export function ConfirmationDialog({ confirmation, onClose, onUnban, onBanAgain }: ConfirmationDialogProps) {
  const { t } = useLingui();
  if (!confirmation) return null;
  if (confirmation.kind === 'notice') {
    return (
      <ConfirmDialog
        open
        title={confirmation.title}
        message={confirmation.message}
        confirmLabel={t({ id: 'ipBan.action.ok', message: 'OK' })}
        onConfirm={onClose}
        onCancel={onClose}
      />
    );
  }
  let question: { title: string; message: string; confirmLabel: string; run: () => void };
  if (confirmation.kind === 'banAgain') {
    const { row } = confirmation;
    const cidr = row.id;
    const reason = row.entry.reason || '—';
    question = {
      title: t({ id: 'ipBan.banAgain.title', message: `Ban ${cidr} again?` }),
      message: t({
        id: 'ipBan.banAgain.message',
        message: `It is banned with the reason “${reason}” and no expiry; you can change both afterwards.`,
      }),
      confirmLabel: t({ id: 'ipBan.banAgain.confirm', message: 'Ban again' }),
      run: () => onBanAgain(row),
    };
  } else {
    const { ids } = confirmation;
    const count = ids.length;
    const cidr = ids[0] ?? '';
    question = {
      title:
        count === 1
          ? t({ id: 'ipBan.unban.titleOne', message: `Unban ${cidr}?` })
          : t({
              id: 'ipBan.unban.titleMany',
              message: plural(count, { one: 'Unban # entry?', other: 'Unban # entries?' }),
            }),
      message: t({
        id: 'ipBan.unban.message',
        message:
          'Once applied, requests from the unbanned addresses to your accelerated domains are accepted again.',
      }),
      confirmLabel: t({ id: 'ipBan.unban.confirm', message: 'Unban' }),
      run: () => onUnban(ids),
    };
  }
  return (
    <ConfirmDialog
      open
      title={question.title}
      message={question.message}
      confirmLabel={question.confirmLabel}
      cancelLabel={t({ id: 'ipBan.action.cancel', message: 'Cancel' })}
      onConfirm={() => {
        onClose();
        question.run();
      }}
      onCancel={onClose}
    />
  );
}
