import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TicketEntry } from '../../contract/ticket';
import { formatDateTime } from '../../ui/format';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { ticketCategoryLabels, ticketStatusColors, ticketStatusLabels } from './ticket-messages';

export const ticketHref = (id: number) => `#/cdn/ticket/detail?id=${id}`;

/** The tickets, newest activity first: each opens its conversation. */
export function TicketTable({ tickets }: { tickets: readonly TicketEntry[] }) {
  const { t, i18n } = useLingui();
  const columns: ListColumn[] = [
    { header: t({ id: 'ticket.col.title', message: 'Ticket' }) },
    { header: t({ id: 'ticket.col.category', message: 'Category' }) },
    { header: t({ id: 'ticket.col.status', message: 'Status' }) },
    { header: t({ id: 'ticket.col.creator', message: 'Submitted by' }), hideBelow: 'lg' },
    { header: t({ id: 'ticket.col.created', message: 'Submitted' }), hideBelow: 'lg' },
    { header: t({ id: 'ticket.col.updated', message: 'Last update' }) },
  ];
  return (
    <ListTable columns={columns}>
      {tickets.map((ticket) => (
        <Table.Row key={ticket.id}>
          <Table.Cell maxW="420px">
            <Stack gap="0">
              <Link href={ticketHref(ticket.id)} colorPalette="blue" fontWeight="medium" truncate>
                {ticket.title}
              </Link>
              <Text fontSize="xs" color="fg.muted">
                #{ticket.id}
              </Text>
            </Stack>
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{i18n._(ticketCategoryLabels[ticket.category])}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">
            <Badge colorPalette={ticketStatusColors[ticket.status]}>
              {i18n._(ticketStatusLabels[ticket.status])}
            </Badge>
          </Table.Cell>
          <Table.Cell hideBelow="lg">{ticket.creator}</Table.Cell>
          <Table.Cell hideBelow="lg" whiteSpace="nowrap">
            {formatDateTime(ticket.created_at)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(ticket.updated_at)}</Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
