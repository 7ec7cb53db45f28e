import { Box, Image, Link, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TicketPicture as Picture } from '../../contract/ticket';
import { useTicketPicture } from './use-tickets';

/**
 * One picture of a ticket's message: a thumbnail that saves the picture (a browser opens no
 * `data:` address as a page of its own).
 */
export function TicketPicture({ picture }: { picture: Picture }) {
  const { t } = useLingui();
  const { url, failed } = useTicketPicture(picture.id);
  const name = picture.name;
  const frame = {
    w: '120px',
    h: '90px',
    borderWidth: '1px',
    borderRadius: 'md',
    overflow: 'hidden',
    bg: 'bg.muted',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  if (!url)
    return (
      <Box {...frame} title={name} p="2">
        {failed ? (
          <Text fontSize="xs" color="fg.muted" textAlign="center" lineClamp={3}>
            {t({ id: 'ticket.picture.unavailable', message: `${name} (not available offline)` })}
          </Text>
        ) : (
          <Spinner size="sm" aria-label={t({ id: 'ticket.picture.loading', message: `Loading ${name}` })} />
        )}
      </Box>
    );
  return (
    <Link
      href={url}
      download={name}
      {...frame}
      title={t({ id: 'ticket.picture.download', message: `Download ${name}` })}
    >
      <Image src={url} alt={name} w="full" h="full" objectFit="cover" />
    </Link>
  );
}
