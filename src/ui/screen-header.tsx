import { HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

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
      <PageTitle title={title}>{summary}</PageTitle>
      <HStack gap="3" wrap="wrap" justify={{ lg: 'flex-end' }}>
        {children}
      </HStack>
    </Stack>
  );
}
