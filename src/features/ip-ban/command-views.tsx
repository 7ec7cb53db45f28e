import { Spinner } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { IpBanEntry } from '../../contract/ip-ban';
import { effectiveStatus } from '../../contract/rules/ip-ban';
import type { CommandOfKind } from '../../commands/queue';
import type { CommandEditorProps, CommandView, ComparedField } from '../../ui/command-views';
import { formatDateTime } from '../../ui/format';
import { ipBanFold } from './fold';
import { fieldLabels, statusLabels, valueTexts } from './ip-ban-messages';

type IpBanCommand = CommandOfKind<'ipBan'>;

/** A server's state as the compare view gets it: an entry, or null when the entry is gone. */
function entryOf(value: unknown): IpBanEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Partial<IpBanEntry>;
  return typeof entry.id === 'string' && (entry.status === 'banned' || entry.status === 'unbanned')
    ? (value as IpBanEntry)
    : undefined;
}

function fields(entry: IpBanEntry, i18n: I18n, now: number) {
  return {
    status: i18n._(statusLabels[effectiveStatus(entry, now)]),
    reason: entry.reason || '—',
    expiry: entry.expires_at === null ? i18n._(valueTexts.noExpiry) : formatDateTime(entry.expires_at),
  };
}

/** The editor's code (its form) loads when a refused edit is first corrected. */
const LazyEditor = lazy(() => import('./command-editor').then((m) => ({ default: m.IpBanCommandEditor })));

function Editor(props: CommandEditorProps<IpBanCommand>) {
  const { t } = useLingui();
  return (
    <Suspense
      fallback={<Spinner size="sm" aria-label={t({ id: 'ipBan.command.loading', message: 'Loading…' })} />}
    >
      <LazyEditor {...props} />
    </Suspense>
  );
}

/** How the pending-changes panel shows the IP-ban commands: a refused ban or change can be corrected. */
export const ipBanCommandViews = {
  ipBan: {
    compare(command, current, i18n): ComparedField[] {
      const now = Date.now();
      const server = entryOf(current);
      const mine = ipBanFold(server, command);
      const absent = i18n._(valueTexts.notOnServer);
      const theirs = server ? fields(server, i18n, now) : null;
      const ours = mine ? fields(mine, i18n, now) : null;
      return (['status', 'reason', 'expiry'] as const).map((key) => ({
        label: i18n._(fieldLabels[key]),
        server: theirs ? theirs[key] : absent,
        mine: ours ? ours[key] : absent,
      }));
    },
    Editor,
    edits: ['ipBan.ban', 'ipBan.update'],
    href: ({ payload }) => `#/cdn/ip-ban?keyword=${encodeURIComponent(payload.cidr)}`,
  },
} satisfies { readonly ipBan: CommandView<IpBanCommand> };
