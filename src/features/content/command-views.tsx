import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContentTask } from '../../contract/content';
import type { CommandOfKind } from '../../commands/queue';
import type { CommandView, ComparedField } from '../../ui/command-views';
import { statusLabels } from './content-messages';
import { contentFold } from './fold';

const taskOf = (value: unknown): ContentTask | undefined =>
  typeof value === 'object' && value !== null && 'urls' in value ? (value as ContentTask) : undefined;

const statusLabel = msg({ id: 'content.field.status', message: 'Status' });
const absent = msg({ id: 'content.value.notOnServer', message: '(not on the server)' });

function compare(command: CommandOfKind<'contentTask'>, current: unknown, i18n: I18n): ComparedField[] {
  const server = taskOf(current);
  const mine = contentFold(server, command);
  return [
    {
      label: i18n._(statusLabel),
      server: server ? i18n._(statusLabels[server.status]) : i18n._(absent),
      mine: mine ? i18n._(statusLabels[mine.status]) : i18n._(absent),
    },
  ];
}

/** How the pending-changes panel shows the refresh and prefetch commands. */
export const contentCommandViews = {
  contentTask: { compare, href: () => '#/cdn/content?tab=records' },
} satisfies { readonly contentTask: CommandView<CommandOfKind<'contentTask'>> };
