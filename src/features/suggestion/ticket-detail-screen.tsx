import { Alert, Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../api';
import { Code } from '../../contract';
import { useReadsStatus } from '../../sync/reads';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format';
import { NeverReadCall } from '../../ui/never-read-call';
import { ScreenHeader } from '../../ui/screen-header';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { TicketMessageCard } from './ticket-message-card';
import { ticketCategoryLabels, ticketStatusColors, ticketStatusLabels } from './ticket-messages';
import { TicketReplyForm } from './ticket-reply-form';
import { useTicket, useTicketCalls, withReads } from './use-tickets';

/**
 * One ticket: its messages oldest first, support's marked, then a reply while it is in progress,
 * and "Close ticket" (confirmed) once the problem is solved. Readable offline "as of" its time.
 */
export const TicketDetailScreen = withReads(TicketDetailBody);

function TicketDetailBody({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const read = useTicket(id);
  const reads = useReadsStatus(online);
  const calls = useTicketCalls();
  const [confirming, setConfirming] = useState(false);
  const ticket = read.data;

  const back = (
    <Link href="#/cdn/ticket" fontSize="sm" colorPalette="blue">
      {t({ id: 'ticket.detail.back', message: '← All tickets' })}
    </Link>
  );

  if (!ticket) {
    const missing = isApiError(read.error) && read.error.code === Code.notFound;
    return (
      <Stack gap="4" maxW="960px" mx="auto">
        {back}
        {missing ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{read.error instanceof Error ? read.error.message : null}</Alert.Title>
          </Alert.Root>
        ) : (
          <NeverReadCall
            reads={reads}
            failed={read.failed}
            error={read.error}
            what={t({ id: 'ticket.detail.what', message: 'the ticket' })}
            offlineHint={t({
              id: 'ticket.list.offlineHint',
              message: 'Connect to the internet once to load them; they are then kept for offline use.',
            })}
          />
        )}
      </Stack>
    );
  }

  const closed = ticket.status === 'closed';
  const category = i18n._(ticketCategoryLabels[ticket.category]);
  const creator = ticket.creator;
  const created = formatDateTime(ticket.created_at);
  const number = ticket.id;
  return (
    <Stack gap="5" maxW="960px" mx="auto">
      {back}
      <ScreenHeader
        title={ticket.title}
        summary={
          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <Badge colorPalette={ticketStatusColors[ticket.status]}>
              {i18n._(ticketStatusLabels[ticket.status])}
            </Badge>
            <Text>
              {t({
                id: 'ticket.detail.meta',
                message: `#${number} · ${category} · submitted by ${creator} on ${created}`,
              })}
            </Text>
          </HStack>
        }
      >
        <StoredListStatus list={reads} />
        {closed ? null : (
          <Button size="sm" variant="outline" disabled={!online} onClick={() => setConfirming(true)}>
            {t({ id: 'ticket.detail.close', message: 'Close ticket' })}
          </Button>
        )}
      </ScreenHeader>

      <Stack gap="3" as="section" aria-label={t({ id: 'ticket.detail.messages', message: 'Messages' })}>
        {ticket.messages.map((message) => (
          <TicketMessageCard key={message.id} message={message} />
        ))}
      </Stack>

      {closed ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {t({
              id: 'ticket.detail.closedNote',
              message: 'This ticket is closed and takes no more replies.',
            })}{' '}
            <Link href="#/cdn/ticket?create=1" colorPalette="blue">
              {t({ id: 'ticket.detail.newTicket', message: 'Submit a new ticket' })}
            </Link>
          </Alert.Description>
        </Alert.Root>
      ) : (
        <TicketReplyForm
          key={ticket.id}
          online={online}
          onSend={async (body) => {
            await calls.reply({ id: ticket.id, ...body });
          }}
        />
      )}

      <ConfirmDialog
        open={confirming}
        title={t({ id: 'ticket.close.title', message: 'Close this ticket?' })}
        message={t({
          id: 'ticket.close.message',
          message: 'A closed ticket takes no more replies. Close it once the problem is solved.',
        })}
        confirmLabel={t({ id: 'ticket.detail.close', message: 'Close ticket' })}
        cancelLabel={t({ id: 'ticket.create.cancel', message: 'Cancel' })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void calls.close(ticket.id).catch(() => {
            // The client has shown the server's message; the ticket is read again.
            read.refetch();
          });
        }}
      />
    </Stack>
  );
}
