import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TicketMessage } from '../../contract/ticket';
import { formatDateTime } from '../../ui/format';
import { TicketPicture } from './ticket-picture';

/** One message of a ticket: who wrote it and when, what it says, its pictures. */
export function TicketMessageCard({ message }: { message: TicketMessage }) {
  const { t } = useLingui();
  const support = message.from_support;
  return (
    <Card.Root
      as="article"
      variant="outline"
      size="sm"
      borderColor={support ? 'blue.muted' : undefined}
      bg={support ? 'blue.subtle' : undefined}
      ms={support ? undefined : { base: '0', md: '10' }}
      me={support ? { base: '0', md: '10' } : undefined}
    >
      <Card.Header pb="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Text fontWeight="semibold">
              {support
                ? t({ id: 'ticket.message.support', message: 'CDN support' })
                : (message.author ?? '--')}
            </Text>
            {support ? (
              <Badge colorPalette="blue" size="sm">
                {t({ id: 'ticket.message.supportBadge', message: 'Official' })}
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body pt="1">
        <Stack gap="3">
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            {message.content}
          </Text>
          {message.pictures.length > 0 ? (
            <HStack gap="2" wrap="wrap">
              {message.pictures.map((picture) => (
                <TicketPicture key={picture.id} picture={picture} />
              ))}
            </HStack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
