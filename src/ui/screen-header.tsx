import { Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ScreenHeaderProps {
  /** The page's main heading. */
  title: ReactNode;
  /** Under the title: what the screen is for, or how much it holds. */
  summary?: ReactNode;
  /** The screen's status and buttons, beside the title on wide screens and under it on narrow ones. */
  children?: ReactNode;
}

/** The header of a screen: its title with a summary under it, and its status and buttons. */
export function ScreenHeader({ title, summary, children }: ScreenHeaderProps) {
  return (
    <Stack
      direction={{ base: 'column', lg: 'row' }}
      justify="space-between"
      align={{ lg: 'flex-end' }}
      gap="3"
    >
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {summary}
      </Stack>
      <HStack gap="3" wrap="wrap" justify={{ lg: 'flex-end' }}>
        {children}
      </HStack>
    </Stack>
  );
}
