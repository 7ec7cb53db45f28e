import { Box, Table, type TableColumnHeaderProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useScrollsSideways } from './use-scrolls-sideways';

/** A column of a list table: its header, and where it is hidden or how wide it is at least. */
export interface ListColumn extends Pick<
  TableColumnHeaderProps,
  'hideBelow' | 'minW' | 'textAlign' | 'whiteSpace' | 'width'
> {
  header: string;
}

export interface ListTableProps {
  columns: readonly ListColumn[];
  /** The table's name, where the screen gives it one … */
  label?: string;
  /** … or the id of the heading that names it. */
  labelledBy?: string;
  /** Framed as a screen's list; false inside a card, which frames it already. */
  framed?: boolean;
  /** The headers kept on one line (short headers over narrow cells). */
  nowrapHeaders?: boolean;
  /** A small outlined table inside a row's details, with no frame or scroll of its own. */
  inner?: boolean;
  /** The rows, one `Table.Row` each, their cells in the order of the columns. */
  children: ReactNode;
}

/** A list's table, scrolling sideways when narrower than its columns. */
export function ListTable({
  columns,
  label,
  labelledBy,
  framed = true,
  nowrapHeaders = false,
  inner = false,
  children,
}: ListTableProps) {
  const table = (
    <Table.Root
      size="sm"
      variant={inner ? 'outline' : undefined}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <Table.Header>
        <Table.Row css={nowrapHeaders ? { '& th': { whiteSpace: 'nowrap' } } : undefined}>
          {columns.map(({ header, ...layout }, index) => (
            // The columns are fixed: their place is their identity.
            <Table.ColumnHeader key={index} {...layout}>
              {header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
  if (inner) return table;
  return (
    <SideScroll label={label} labelledBy={labelledBy} framed={framed}>
      {table}
    </SideScroll>
  );
}

/** The box a table scrolls sideways in: a named focus stop while it does. */
function SideScroll({
  label,
  labelledBy,
  framed,
  children,
}: Pick<ListTableProps, 'label' | 'labelledBy' | 'framed' | 'children'>) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      overflowX="auto"
      borderWidth={framed ? '1px' : undefined}
      borderRadius={framed ? 'md' : undefined}
      focusVisibleRing="outside"
      {...(scrolls
        ? { tabIndex: 0, role: 'region', 'aria-label': label, 'aria-labelledby': labelledBy }
        : {})}
    >
      {children}
    </Box>
  );
}
