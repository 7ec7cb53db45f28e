import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ListHeader {
  label: string;
  /** The column is left out on screens narrower than this. */
  hideBelow?: 'lg' | 'xl';
}

/** A list's table in a frame that scrolls sideways on narrow screens; its headers stay on one line. */
export function ListTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: readonly ListHeader[];
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
            {headers.map((header, index) => (
              <Table.ColumnHeader key={index} hideBelow={header.hideBelow}>
                {header.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Box>
  );
}
