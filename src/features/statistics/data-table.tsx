import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useScrollsSideways } from '../../ui/use-scrolls-sideways';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Figures align right. */
  end?: boolean;
  /** Long text (URLs, user agents, file names) breaks anywhere. */
  long?: boolean;
  width?: string;
}

/** The tables of the statistics screens: a header row and one row per item. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <Table.ScrollArea
      ref={ref}
      borderWidth="1px"
      borderRadius="md"
      focusVisibleRing="outside"
      tabIndex={scrolls ? 0 : undefined}
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((column, i) => (
              <Table.ColumnHeader key={i} textAlign={column.end ? 'end' : undefined} width={column.width}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, r) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column, i) => (
                <Table.Cell
                  key={i}
                  textAlign={column.end ? 'end' : undefined}
                  {...(column.long ? { maxW: '420px', wordBreak: 'break-all' } : {})}
                >
                  {column.cell(row, r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
