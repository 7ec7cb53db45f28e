import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { CommandOfKind } from '../../commands/queue';
import type { CommandView, ComparedField } from '../../ui/command-views';

type AlarmKind = 'alarmPolicy' | 'alarmTemplate' | 'alarmContact' | 'alarmGroup';
type AlarmCommand = CommandOfKind<AlarmKind>;

/** The name a save gives (a delete or an enable names none). */
const nameOf = ({ payload }: AlarmCommand) => ('name' in payload ? payload.name : '');

const href = (tab: string) => () => `#/cdn/alarm-manage?tab=${tab}`;

const nameLabel = msg({ id: 'alarm.command.field.name', message: 'Name' });
const stateLabel = msg({ id: 'alarm.command.field.state', message: 'State' });
const absent = msg({ id: 'alarm.command.absent', message: '(not on the server)' });
const deleted = msg({ id: 'alarm.command.deleted', message: 'Deleted' });
const kept = msg({ id: 'alarm.command.kept', message: 'Kept' });

/** A conflict side by side: the setting's name and whether it is kept, on the server and in the edit. */
function compare(command: AlarmCommand, current: unknown, i18n: I18n): ComparedField[] {
  const server = current as { name?: string; deleted?: boolean } | null;
  const removing = command.name.endsWith('.delete');
  return [
    {
      label: i18n._(nameLabel),
      server: server?.name ?? i18n._(absent),
      mine: nameOf(command) || server?.name || '—',
    },
    {
      label: i18n._(stateLabel),
      server: server ? i18n._(server.deleted ? deleted : kept) : i18n._(absent),
      mine: i18n._(removing ? deleted : kept),
    },
  ];
}

/** How the pending-changes panel shows the alarm commands. */
export const alarmCommandViews = {
  alarmPolicy: { compare, href: href('policies') },
  alarmTemplate: { compare, href: href('templates') },
  alarmContact: { compare, href: href('contacts') },
  alarmGroup: { compare, href: href('contacts') },
} satisfies { readonly [K in AlarmKind]: CommandView<CommandOfKind<K>> };
