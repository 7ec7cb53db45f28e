import { Badge, Box, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TicketEntry } from '../../contract/ticket';
import { formatDateTime } from '../../ui/format';
import { ticketCategoryLabels, ticketStatusColors, ticketStatusLabels } from './ticket-messages';

export const ticketHref = (id: number) => `#/cdn/ticket/detail?id=${id}`;

/** The tickets, newest activity first: each opens its conversation. */
export function TicketTable({ tickets }: { tickets: readonly TicketEntry[] }) {
  const { t, i18n } = useLingui();
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t({ id: 'ticket.col.title', message: 'Ticket' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'ticket.col.category', message: 'Category' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'ticket.col.status', message: 'Status' })}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">
              {t({ id: 'ticket.col.creator', message: 'Submitted by' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">
              {t({ id: 'ticket.col.created', message: 'Submitted' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'ticket.col.updated', message: 'Last update' })}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
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
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
