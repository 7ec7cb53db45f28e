import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ContentTask } from '../../contract/content';
import type { CommandLike, CommandView, CommandViews, ComparedField } from '../../ui/command-views';
import { statusLabels } from './content-messages';
import { contentFold } from './fold';

function payloadOf(command: CommandLike): { kind?: string; urls?: unknown } {
  const payload = command.payload;
  return typeof payload === 'object' && payload !== null
    ? (payload as { kind?: string; urls?: unknown })
    : {};
}

function describeSubmit(command: CommandLike, i18n: I18n): string {
  const { kind, urls } = payloadOf(command);
  const count = Array.isArray(urls) ? urls.length : 0;
  if (kind === 'dir')
    return i18n._(
      msg({
        id: 'content.command.dir',
        message: plural(count, { one: 'Refresh # directory', other: 'Refresh # directories' }),
      }),
    );
  if (kind === 'prefetch')
    return i18n._(
      msg({
        id: 'content.command.prefetch',
        message: plural(count, { one: 'Prefetch # URL', other: 'Prefetch # URLs' }),
      }),
    );
  return i18n._(
    msg({
      id: 'content.command.url',
      message: plural(count, { one: 'Refresh # URL', other: 'Refresh # URLs' }),
    }),
  );
}

const taskOf = (value: unknown): ContentTask | undefined =>
  typeof value === 'object' && value !== null && 'urls' in value ? (value as ContentTask) : undefined;

const statusLabel = msg({ id: 'content.field.status', message: 'Status' });
const absent = msg({ id: 'content.value.notOnServer', message: '(not on the server)' });

function compare(command: CommandLike, current: unknown, i18n: I18n): ComparedField[] {
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

const href = () => '#/cdn/content?tab=records';

/** How the pending-changes panel shows the refresh and prefetch commands. */
export const contentCommandViews: CommandViews = {
  'content.submit': { describe: describeSubmit, compare, href } satisfies CommandView,
  'content.retry': {
    describe: (_command, i18n) =>
      i18n._(
        msg({ id: 'content.command.retry', message: 'Retry the failed URLs of a refresh or prefetch task' }),
      ),
    compare,
    href,
  } satisfies CommandView,
};
