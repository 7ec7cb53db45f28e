import { Badge, Button, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { formatDateTime } from '../../ui/format';
import { familyLabels, pendingLabels, statusLabels, valueTexts } from './ip-ban-messages';
import type { IpBanRow } from './rows';

export interface RowActions {
  onEdit: (row: IpBanRow) => void;
  onUnban: (row: IpBanRow) => void;
  onBanAgain: (row: IpBanRow) => void;
}

interface IpBanTableProps extends RowActions {
  rows: readonly IpBanRow[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  /** The signed-in login: the creator of an entry that is not on the server yet. */
  login: string | null;
}

const pendingColors = { queued: 'blue', rejected: 'red', conflict: 'orange' } as const;

/** Whether a row can be selected for a bulk unban: banned, with no refused edit waiting. */
export const selectable = (row: IpBanRow) =>
  row.status === 'banned' && row.pendingState !== 'rejected' && row.pendingState !== 'conflict';

const Row = memo(function Row({
  row,
  checked,
  onSelect,
  login,
  onEdit,
  onUnban,
  onBanAgain,
}: {
  row: IpBanRow;
  checked: boolean;
  onSelect: IpBanTableProps['onSelect'];
  login: string | null;
} & RowActions) {
  const { t, i18n } = useLingui();
  const { entry } = row;
  const id = row.id;
  const parked = row.pendingState === 'rejected' || row.pendingState === 'conflict';
  const parkedMessage = parked ? row.pending.find((p) => p.state !== 'queued')?.error?.msg : undefined;
  const notOnServer = entry.created_at === '';
  const created = formatDateTime(notOnServer ? row.createdAt : entry.created_at);
  const creator = notOnServer ? (login ?? '—') : entry.created_by;
  return (
    <Table.Row data-selected={checked ? '' : undefined}>
      <Table.Cell>
        <Checkbox.Root
          size="sm"
          checked={checked}
          disabled={!selectable(row)}
          onCheckedChange={(e) => onSelect(id, e.checked === true)}
        >
          <Checkbox.HiddenInput aria-label={t({ id: 'ipBan.table.selectRow', message: `Select ${id}` })} />
          <Checkbox.Control />
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell>
        <Text fontFamily="mono" fontWeight="medium" wordBreak="break-all">
          {id}
        </Text>
        {/* Narrower than a desktop, the creation moves under the address instead of a column. */}
        <Text hideFrom="lg" fontSize="xs" color="fg.muted" mt="1">
          {created} · {creator}
        </Text>
      </Table.Cell>
      <Table.Cell hideBelow="xl">{i18n._(familyLabels[entry.family])}</Table.Cell>
      <Table.Cell>
        <Text lineClamp={2} title={entry.reason || undefined} wordBreak="break-word">
          {entry.reason || '—'}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {entry.expires_at === null ? (
          <Text color="fg.muted">{i18n._(valueTexts.noExpiry)}</Text>
        ) : (
          <Stack gap="0">
            <Text whiteSpace={{ base: 'normal', xl: 'nowrap' }}>{formatDateTime(entry.expires_at)}</Text>
            {row.expired ? (
              <Text fontSize="xs" color="fg.warning">
                {i18n._(valueTexts.expired)}
              </Text>
            ) : null}
          </Stack>
        )}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1" align="flex-start">
          <Badge colorPalette={row.status === 'banned' ? 'red' : 'gray'} variant="subtle">
            {i18n._(statusLabels[row.status])}
          </Badge>
          {row.pendingState ? (
            <Badge colorPalette={pendingColors[row.pendingState]} variant="outline" title={parkedMessage}>
              {i18n._(pendingLabels[row.pendingState])}
            </Badge>
          ) : null}
          {parkedMessage ? (
            <Text fontSize="xs" color="fg.error" maxW="200px" whiteSpace="normal">
              {parkedMessage}
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell hideBelow="lg">
        <Stack gap="0" fontSize="sm">
          <Text whiteSpace="nowrap" color={notOnServer ? 'fg.muted' : undefined}>
            {created}
          </Text>
          <Text color="fg.muted" fontSize="xs">
            {creator}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        {parked ? (
          <Text fontSize="xs" color="fg.muted" maxW="140px" ms="auto" whiteSpace="normal">
            {t({ id: 'ipBan.table.resolveFirst', message: 'Resolve it in Pending changes' })}
          </Text>
        ) : row.status === 'banned' ? (
          <HStack gap="1" justify="flex-end">
            <Button
              size="xs"
              variant="ghost"
              colorPalette="blue"
              onClick={() => onEdit(row)}
              aria-label={t({ id: 'ipBan.table.editLabel', message: `Edit the ban of ${id}` })}
            >
              {t({ id: 'ipBan.table.edit', message: 'Edit' })}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => onUnban(row)}
              aria-label={t({ id: 'ipBan.table.unbanLabel', message: `Unban ${id}` })}
            >
              {t({ id: 'ipBan.table.unban', message: 'Unban' })}
            </Button>
          </HStack>
        ) : (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="blue"
            onClick={() => onBanAgain(row)}
            aria-label={t({ id: 'ipBan.table.banAgainLabel', message: `Ban ${id} again` })}
          >
            {t({ id: 'ipBan.table.banAgain', message: 'Ban again' })}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
});

/** One page of the ban list. */
export function IpBanTable({ rows, selected, onSelect, onSelectPage, login, ...actions }: IpBanTableProps) {
  const { t } = useLingui();
  const eligible = rows.filter(selectable);
  const checkedOnPage = eligible.filter((row) => selected.has(row.id)).length;
  const pageState =
    checkedOnPage === 0 ? false : checkedOnPage === eligible.length ? true : ('indeterminate' as const);
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={t({ id: 'ipBan.table.label', message: 'Ban list' })}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="40px">
              <Checkbox.Root
                size="sm"
                checked={pageState}
                disabled={eligible.length === 0}
                onCheckedChange={(e) => onSelectPage(e.checked === true)}
              >
                <Checkbox.HiddenInput
                  aria-label={t({
                    id: 'ipBan.table.selectPage',
                    message: 'Select the banned entries on this page',
                  })}
                />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader minW="140px">
              {t({ id: 'ipBan.column.range', message: 'IP / CIDR' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="xl">
              {t({ id: 'ipBan.column.family', message: 'Type' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader minW="120px">
              {t({ id: 'ipBan.column.reason', message: 'Reason' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'ipBan.column.expiry', message: 'Expires' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'ipBan.column.status', message: 'Status' })}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">
              {t({ id: 'ipBan.column.created', message: 'Created' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t({ id: 'ipBan.column.actions', message: 'Actions' })}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Row
              key={row.id}
              row={row}
              checked={selected.has(row.id)}
              onSelect={onSelect}
              login={login}
              {...actions}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
