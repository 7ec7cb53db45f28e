import { Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Empty } from './empty';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { QueuedBadge } from './queued-badge';
import { RowActions } from './row-actions';
import type { SettingRow } from './use-alarm-settings';

/** A column of a settings table after the name: its header, and what its cell shows of a setting. */
export interface SettingColumn<T> {
  label: string;
  /** The column is left out on screens narrower than this. */
  hideBelow?: 'lg' | 'xl';
  cell: (setting: T) => ReactNode;
  /** The style of the column's cells. */
  cellProps?: Table.CellProps;
}

export interface SettingsTableProps<T extends { name: string }> {
  label: string;
  /** Said instead of the table when there is no setting. */
  empty: string;
  rows: readonly SettingRow<T>[];
  /** The first column: each setting's name, with how its change waits on this device. */
  nameHeader: string;
  /** The name in a heavier weight. */
  strongName?: boolean;
  columns: readonly SettingColumn<T>[];
  /** Marks each row with its setting's name, as `data-<mark>`. */
  mark?: string;
  onEdit: (setting: T) => void;
  /** Offered where a setting can be copied. */
  onCopy?: (setting: T) => void;
  onDelete: (row: SettingRow<T>) => void;
}

/** A list of settings of one kind: their name, the given columns, and edit and delete in each row. */
export function SettingsTable<T extends { name: string }>({
  label,
  empty,
  rows,
  nameHeader,
  strongName = false,
  columns,
  mark,
  onEdit,
  onCopy,
  onDelete,
}: SettingsTableProps<T>) {
  const { t } = useLingui();
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  const headers: ListColumn[] = [
    { header: nameHeader },
    ...columns.map(({ label: header, hideBelow }) => ({ header, hideBelow })),
    { header: t({ id: 'alarm.ui.col.actions', message: 'Actions' }) },
  ];
  return (
    <ListTable label={label} columns={headers} nowrapHeaders>
      {rows.map((row) => (
        <Table.Row key={row.id} {...(mark ? { [`data-${mark}`]: row.state.name } : {})}>
          <Table.Cell>
            {strongName ? (
              <Text as="span" fontWeight="medium">
                {row.state.name}
              </Text>
            ) : (
              row.state.name
            )}
            <QueuedBadge state={row.queued} />
          </Table.Cell>
          {columns.map((column, index) => (
            <Table.Cell key={index} hideBelow={column.hideBelow} {...column.cellProps}>
              {column.cell(row.state)}
            </Table.Cell>
          ))}
          <Table.Cell>
            <RowActions
              onEdit={() => onEdit(row.state)}
              onCopy={onCopy ? () => onCopy(row.state) : undefined}
              onDelete={() => onDelete(row)}
            />
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
