import { useLingui } from '@lingui/react/macro';
import { useCallback, useState, type ReactNode } from 'react';
import type { DomainGroup } from '../../../contract/domain';
import type { NewCommand } from '../../../store';
import type { SyncRuntime } from '../../../sync/runtime';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { notify } from '../../../ui/toaster';
import { domainCommand, newId } from '../commands';
import { saveFailureMessage } from '../domain-messages';
import { groupRefusals } from './group-messages';
import { GroupNameDialog } from './group-name-dialog';
import { canCreateGroup, canDeleteGroup } from './group-rules';

export interface GroupEditor {
  create(): void;
  rename(group: DomainGroup): void;
  remove(group: DomainGroup): void;
  /** The dialogs of the editor: render once. */
  dialog: ReactNode;
}

interface GroupEditorOptions {
  runtime: SyncRuntime | null;
  /** The live groups. */
  groups: readonly DomainGroup[];
  /** Live domains per group id (`countByGroup`). */
  counts: ReadonlyMap<string, number>;
  /** A group's deletion was queued (the list stops filtering by it). */
  onDeleted?(groupId: string): void;
}

type Open =
  | { kind: 'name'; group: DomainGroup | null }
  | { kind: 'delete'; group: DomainGroup }
  | { kind: 'notEmpty'; group: DomainGroup };

/**
 * Creating, renaming and deleting groups: each a command in the outbox (`domainGroup.*`). The
 * browser refuses what the server would: a duplicate name, more than 100 groups, deleting a group
 * that still has domains. The server checks again; a refusal then shows in pending changes.
 */
export function useGroupEditor({ runtime, groups, counts, onDeleted }: GroupEditorOptions): GroupEditor {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<Open | null>(null);
  const close = useCallback(() => setOpen(null), []);

  const save = useCallback(
    async (command: NewCommand): Promise<boolean> => {
      if (!runtime) return false;
      try {
        await runtime.enqueue(command);
        notify(
          'success',
          navigator.onLine
            ? t({ id: 'domain.group.savedOnline', message: 'The group change was submitted.' })
            : t({
                id: 'domain.group.savedOffline',
                message:
                  'The group change was saved on this device; it will be sent when you are back online.',
              }),
        );
        return true;
      } catch (error) {
        notify('error', i18n._(saveFailureMessage(error)));
        return false;
      }
    },
    [runtime, t, i18n],
  );

  const create = useCallback(() => {
    if (!canCreateGroup(groups)) notify('warning', i18n._(groupRefusals.limit));
    else setOpen({ kind: 'name', group: null });
  }, [groups, i18n]);
  const rename = useCallback((group: DomainGroup) => setOpen({ kind: 'name', group }), []);
  const remove = useCallback(
    (group: DomainGroup) =>
      setOpen({ kind: canDeleteGroup(counts, group.id) ? 'delete' : 'notEmpty', group }),
    [counts],
  );

  let dialog: ReactNode = null;
  if (open?.kind === 'name') {
    const { group } = open;
    dialog = (
      <GroupNameDialog
        group={group}
        groups={groups}
        onClose={close}
        onSubmit={(name) =>
          save(
            group
              ? domainCommand('domainGroup.rename', { id: group.id, name })
              : domainCommand('domainGroup.create', { id: newId(), name }),
          )
        }
      />
    );
  } else if (open?.kind === 'notEmpty') {
    const name = open.group.name;
    dialog = (
      <ConfirmDialog
        open
        title={t({
          id: 'domain.group.cannotDeleteTitle',
          message: `The group “${name}” cannot be deleted`,
        })}
        message={i18n._(groupRefusals.notEmpty)}
        confirmLabel={t({ id: 'domain.group.ok', message: 'OK' })}
        onConfirm={close}
        onCancel={close}
      />
    );
  } else if (open?.kind === 'delete') {
    const { group } = open;
    const name = group.name;
    dialog = (
      <ConfirmDialog
        open
        title={t({ id: 'domain.group.deleteTitle', message: `Delete the group “${name}”?` })}
        message={t({
          id: 'domain.group.deleteMessage',
          message: 'The group has no domains. Deleting it cannot be undone.',
        })}
        confirmLabel={t({ id: 'domain.group.deleteConfirm', message: 'Delete' })}
        cancelLabel={t({ id: 'domain.group.cancel', message: 'Cancel' })}
        onConfirm={() => {
          close();
          void save(domainCommand('domainGroup.delete', { id: group.id })).then((saved) => {
            if (saved) onDeleted?.(group.id);
          });
        }}
        onCancel={close}
      />
    );
  }

  return { create, rename, remove, dialog };
}
