import { Button, Card, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ScreenNoticeProps {
  header: ReactNode;
  /** Why the screen has nothing to show. */
  message: string;
  /** Where to go instead, and the link's words. */
  href: string;
  action: string;
}

/** A screen with nothing to show but why, and a way elsewhere (a deleted sub-account, another's account). */
export function ScreenNotice({ header, message, href, action }: ScreenNoticeProps) {
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      {header}
      <Card.Root>
        <Card.Body>
          <Stack align="center" textAlign="center" gap="3" py="10" role="status">
            <Text fontWeight="semibold">{message}</Text>
            <Button asChild size="sm" colorPalette="blue">
              <a href={href}>{action}</a>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
