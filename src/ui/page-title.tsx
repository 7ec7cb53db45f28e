import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageTitleProps {
  /** The page's main heading. */
  title: ReactNode;
  /** Under the title: what the page is for, or what it works on. */
  children?: ReactNode;
}

/** The title of a page without buttons beside it (a form, a wizard), with a line under it. */
export function PageTitle({ title, children }: PageTitleProps) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
