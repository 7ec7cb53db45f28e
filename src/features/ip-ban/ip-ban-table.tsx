import { Table, type SystemStyleObject } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { HeaderCheckbox } from '../../ui/header-checkbox';
import { plainCellStyles } from '../../ui/plain-cells';
import { IpBanTableRow, type RowActions } from './ip-ban-table-row';
import { selectable, type IpBanRow } from './rows';

interface IpBanTableProps extends RowActions {
  rows: readonly IpBanRow[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  /** The signed-in login: the creator of an entry that is not on the server yet. */
  login: string | null;
}

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
            <IpBanTableRow
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
