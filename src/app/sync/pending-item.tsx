import { Badge, Box, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { lineText } from '../../commands/command';
import { commandNamed } from '../../commands/registry';
import type { OutboxCommand, OutboxEntry } from '../../store';
import { useSyncRuntime } from '../../sync/react';
import type { CommandView, ComparedField } from '../../ui/command-views';
import { formatDateTime } from '../../ui/format';
import { notify } from '../../ui/toaster';

/** The server's side of a version conflict (code 40902): its version and state (null: gone). */
export function conflictOf(entry: OutboxEntry): { version: number; current: unknown } | null {
  if (entry.state !== 'conflict' || !entry.error) return null;
  const { version, current } = entry.error.data;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
  return { version, current: current ?? null };
}

/**
 * One line naming the edit, its command module's. A payload this version of the console cannot
 * read (queued by an older one) shows the command's name and item instead, as a command this
 * version no longer knows.
 */
export function describeEntry(entry: OutboxEntry, i18n: I18n): string {
  const module = commandNamed(entry.name);
  const parsed = module?.payload.safeParse(entry.payload);
  if (module && parsed?.success) {
    try {
      return lineText(module.describe(parsed.data as never), i18n);
    } catch {
      // Falls through to the command's name.
    }
  }
  return `${entry.name} · ${entry.aggregateId}`;
}

function compareSafely(
  view: CommandView<OutboxCommand> | undefined,
  command: OutboxCommand,
  current: unknown,
  i18n: I18n,
): ComparedField[] {
  if (!view) return [];
  try {
    return view.compare(command, current, i18n);
  } catch {
    return [];
  }
}

/** A route of the console as an address the hash router opens. */
const asHashHref = (href: string) => (href.startsWith('/') ? `#${href}` : href);

interface PendingItemProps {
  entry: OutboxEntry;
  /** Its kind's view (`viewOf`): none for a kind without one or an edit this console cannot read. */
  view: CommandView<OutboxCommand> | undefined;
  /** Queued behind a rejected or conflicting edit of the same item. */
  held: boolean;
  onDiscard(entry: OutboxEntry): void;
  /** A link to the item's screen was followed. */
  onNavigate(): void;
}

/** One edit of the outbox with what can be done about it in its state. */
export function PendingItem({ entry, view, held, onDiscard, onNavigate }: PendingItemProps) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const description = describeEntry(entry, i18n);
  const conflict = conflictOf(entry);
  const compared = conflict ? compareSafely(view, entry, conflict.current, i18n) : [];
  const href = view?.href?.(entry);
  const Editor =
    entry.state === 'rejected' && (!view?.edits || view.edits.includes(entry.name))
      ? view?.Editor
      : undefined;
  const titleId = `pending-${entry.seq}-title`;
  const madeAt = formatDateTime(entry.createdAt);

  /** Runs a change of the outbox; the list follows the store by itself. */
  const run = (change: (rt: NonNullable<typeof runtime>) => Promise<void>) => {
    if (!runtime || busy) return;
    setBusy(true);
    change(runtime)
      .then(() => runtime.engine.kick())
      .catch(() =>
        notify(
          'error',
          t({ id: 'sync.panel.actionFailed', message: 'The change could not be updated. Please try again.' }),
        ),
      )
      .finally(() => setBusy(false));
  };

  /** What can be done about the edit in its state, the main action first. */
  const actions: { label: string; onClick(): void; palette?: string; variant?: 'outline' | 'ghost' }[] = [
    ...(entry.state === 'rejected'
      ? [
          {
            label: t({ id: 'common.action.retry', message: 'Retry' }),
            palette: 'blue',
            onClick: () => run((rt) => rt.store.retry(entry.seq)),
          },
        ]
      : []),
    ...(Editor
      ? [
          {
            label: t({ id: 'sync.action.edit', message: 'Edit' }),
            variant: 'outline' as const,
            onClick: () => setEditing(true),
          },
        ]
      : []),
    ...(conflict
      ? [
          {
            label: t({ id: 'sync.action.keepMine', message: 'Keep mine' }),
            palette: 'blue',
            onClick: () => run((rt) => rt.store.keepMine(entry.seq, conflict.version, conflict.current)),
          },
          {
            label: t({ id: 'sync.action.takeServers', message: 'Use server version' }),
            variant: 'outline' as const,
            onClick: () => run((rt) => rt.store.takeServers(entry.seq, conflict.version, conflict.current)),
          },
        ]
      : []),
    {
      label: t({ id: 'sync.action.discard', message: 'Discard' }),
      palette: 'red',
      variant: 'ghost',
      onClick: () => onDiscard(entry),
    },
  ];

  const badge = {
    queued: { palette: 'gray', text: t({ id: 'sync.state.queued', message: 'Pending sync' }) },
    rejected: { palette: 'red', text: t({ id: 'sync.state.rejected', message: 'Rejected' }) },
    conflict: { palette: 'orange', text: t({ id: 'sync.state.conflict', message: 'Conflict' }) },
  }[entry.state];

  return (
    <Box
      as="article"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderRadius="md"
      borderColor={entry.state === 'queued' ? 'border' : `${badge.palette}.muted`}
      bg="bg"
      p="3"
    >
      <Stack gap="2">
        <HStack gap="2" align="flex-start" justify="space-between">
          <Text id={titleId} fontWeight="medium" wordBreak="break-word">
            {description}
          </Text>
          <Badge colorPalette={badge.palette} flexShrink={0}>
            {badge.text}
          </Badge>
        </HStack>
        {entry.state !== 'queued' && entry.error?.msg ? (
          <Text fontSize="sm" color={`${badge.palette}.fg`}>
            {entry.error.msg}
          </Text>
        ) : null}
        {held ? (
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'sync.panel.held',
              message: 'Sent once the earlier change to the same item is resolved.',
            })}
          </Text>
        ) : null}
        {compared.length > 0 ? (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  {t({ id: 'sync.conflict.field', message: 'Setting' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'sync.conflict.server', message: 'On the server' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'sync.conflict.mine', message: 'My change' })}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {compared.map((row) => (
                <Table.Row key={row.label}>
                  <Table.Cell>{row.label}</Table.Cell>
                  <Table.Cell wordBreak="break-word">{row.server}</Table.Cell>
                  <Table.Cell
                    wordBreak="break-word"
                    fontWeight={row.server === row.mine ? undefined : 'medium'}
                  >
                    {row.mine}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : null}
        <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
          <Text>
            {t({
              id: 'sync.panel.madeAt',
              message: `Made at ${madeAt}`,
            })}
          </Text>
          {href ? (
            <Link href={asHashHref(href)} color="blue.fg" onClick={onNavigate}>
              {t({ id: 'sync.panel.openItem', message: 'Go to the item' })}
            </Link>
          ) : null}
        </HStack>
        {Editor && editing ? (
          <Box borderTopWidth="1px" pt="3">
            <Editor
              command={entry}
              onSave={(corrected) =>
                run(async (rt) => {
                  await rt.store.retry(entry.seq, corrected);
                  setEditing(false);
                })
              }
              onCancel={() => setEditing(false)}
            />
          </Box>
        ) : (
          <HStack gap="2" wrap="wrap" aria-label={description} role="group">
            {actions.map((action) => (
              <Button
                key={action.label}
                size="xs"
                colorPalette={action.palette}
                variant={action.variant}
                disabled={busy}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            ))}
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
