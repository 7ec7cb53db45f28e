import { Table, type SystemStyleObject } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { formatDateTime } from '../../ui/format';
import { HeaderCheckbox } from '../../ui/header-checkbox';
import { plainCellStyles } from '../../ui/plain-cells';
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

/**
 * The body's cells as Chakra's small table draws its own (`Table.Cell`), and what the rows' plain
 * elements need beyond `plainCellStyles`.
 */
const tableStyles: SystemStyleObject = {
  ...plainCellStyles,
  '& tbody tr': { bg: 'bg', '&[data-selected]': { bg: 'gray.subtle' } },
  '& tbody td': { px: '2', py: '2', borderBottomWidth: '1px', textAlign: 'start' },
  '& tbody td[data-col="actions"]': { textAlign: 'end', whiteSpace: 'nowrap' },
  '& [data-wide-only]': { hideBelow: 'xl' },
  '& [data-desktop-only]': { hideBelow: 'lg' },
  '& [data-narrow-only]': { hideFrom: 'lg', mt: '1' },
  '& .pc-range': { fontFamily: 'mono', fontWeight: 'medium', wordBreak: 'break-all' },
  '& .pc-break': { wordBreak: 'break-word' },
  '& .pc-expiry': { whiteSpace: { base: 'normal', xl: 'nowrap' } },
  '& .pc-nowrap': { whiteSpace: 'nowrap' },
  '& .pc-warning': { color: 'fg.warning' },
  '& .pc-error': { color: 'fg.error' },
  '& .pc-stack': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' },
  '& .pc-note': { maxW: '200px', whiteSpace: 'normal' },
  '& .pc-resolve': { maxW: '140px', ms: 'auto', whiteSpace: 'normal' },
};

/** Whether a row can be selected for a bulk unban: banned, with no refused edit waiting. */
export const selectable = (row: IpBanRow) =>
  row.status === 'banned' && row.pendingState !== 'rejected' && row.pendingState !== 'conflict';

/**
 * One entry of the list: plain elements styled by the table (`tableStyles`), so a page of rows
 * mounts no component machinery of its own.
 */
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
    <tr data-selected={checked ? '' : undefined}>
      <td>
        <input
          type="checkbox"
          checked={checked}
          disabled={!selectable(row)}
          onChange={(e) => onSelect(id, e.currentTarget.checked)}
          aria-label={t({ id: 'ipBan.table.selectRow', message: `Select ${id}` })}
        />
      </td>
      <td>
        <div className="pc-range">{id}</div>
        {/* Narrower than a desktop, the creation moves under the address instead of a column. */}
        <div data-narrow-only="" className="pc-small pc-muted">
          {created} · {creator}
        </div>
      </td>
      <td data-wide-only="">{i18n._(familyLabels[entry.family])}</td>
      <td>
        <div className="pc-clamp pc-break" title={entry.reason || undefined}>
          {entry.reason || '—'}
        </div>
      </td>
      <td>
        {entry.expires_at === null ? (
          <span className="pc-muted">{i18n._(valueTexts.noExpiry)}</span>
        ) : (
          <>
            <div className="pc-expiry">{formatDateTime(entry.expires_at)}</div>
            {row.expired ? <div className="pc-small pc-warning">{i18n._(valueTexts.expired)}</div> : null}
          </>
        )}
      </td>
      <td>
        <div className="pc-stack">
          <span className="pc-badge" data-palette={row.status === 'banned' ? 'red' : 'gray'}>
            {i18n._(statusLabels[row.status])}
          </span>
          {row.pendingState ? (
            <span
              className="pc-badge"
              data-variant="outline"
              data-palette={pendingColors[row.pendingState]}
              title={parkedMessage}
            >
              {i18n._(pendingLabels[row.pendingState])}
            </span>
          ) : null}
          {parkedMessage ? <div className="pc-small pc-error pc-note">{parkedMessage}</div> : null}
        </div>
      </td>
      <td data-desktop-only="">
        <div className={notOnServer ? 'pc-nowrap pc-muted' : 'pc-nowrap'}>{created}</div>
        <div className="pc-small pc-muted">{creator}</div>
      </td>
      <td data-col="actions">
        {parked ? (
          <div className="pc-small pc-muted pc-resolve">
            {t({ id: 'ipBan.table.resolveFirst', message: 'Resolve it in Pending changes' })}
          </div>
        ) : row.status === 'banned' ? (
          <>
            <button
              type="button"
              className="pc-button"
              data-palette="blue"
              onClick={() => onEdit(row)}
              aria-label={t({ id: 'ipBan.table.editLabel', message: `Edit the ban of ${id}` })}
            >
              {t({ id: 'ipBan.table.edit', message: 'Edit' })}
            </button>
            <button
              type="button"
              className="pc-button"
              data-palette="red"
              onClick={() => onUnban(row)}
              aria-label={t({ id: 'ipBan.table.unbanLabel', message: `Unban ${id}` })}
            >
              {t({ id: 'ipBan.table.unban', message: 'Unban' })}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="pc-button"
            data-palette="blue"
            onClick={() => onBanAgain(row)}
            aria-label={t({ id: 'ipBan.table.banAgainLabel', message: `Ban ${id} again` })}
          >
            {t({ id: 'ipBan.table.banAgain', message: 'Ban again' })}
          </button>
        )}
      </td>
    </tr>
  );
});

/** One page of the ban list. */
export function IpBanTable({ rows, selected, onSelect, onSelectPage, login, ...actions }: IpBanTableProps) {
  const { t } = useLingui();
  const eligible = rows.filter(selectable);
  const checkedOnPage = eligible.filter((row) => selected.has(row.id)).length;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root
        size="sm"
        css={tableStyles}
        aria-label={t({ id: 'ipBan.table.label', message: 'Ban list' })}
      >
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="40px">
              <HeaderCheckbox
                all={eligible.length}
                selected={checkedOnPage}
                onChange={onSelectPage}
                label={t({
                  id: 'ipBan.table.selectPage',
                  message: 'Select the banned entries on this page',
                })}
              />
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
        <tbody>
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
        </tbody>
      </Table.Root>
    </Table.ScrollArea>
  );
}
