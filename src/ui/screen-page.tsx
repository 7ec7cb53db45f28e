import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ScreenHeader } from './screen-header';

export interface ScreenPageProps {
  /** The page's main heading. */
  title: ReactNode;
  /** Under the title, in a muted line: what the screen is for. */
  intro?: ReactNode;
  /** Under the title instead of the intro, drawn by the screen. */
  summary?: ReactNode;
  /** The screen's status and buttons, beside the title. */
  actions?: ReactNode;
  maxW?: string;
  children?: ReactNode;
}

/** The column of a screen: its header (title, intro or summary, status and buttons), then its body. */
export function ScreenPage({ title, intro, summary, actions, maxW = '1400px', children }: ScreenPageProps) {
  return (
    <Stack gap="5" maxW={maxW} mx="auto">
      <ScreenHeader
        title={title}
        summary={
          intro === undefined ? (
            summary
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {intro}
            </Text>
          )
        }
      >
        {actions}
      </ScreenHeader>
      {children}
    </Stack>
  );
}
