import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormPageCardProps {
  /** The id of the page's heading, which names the card. */
  titleId: string;
  title: string;
  /** Under the heading, in a muted line: what the form is for. */
  intro: string;
  maxW: string;
  /** The form. */
  children: ReactNode;
  /** After the card, in the same column (the form's dialogs). */
  after?: ReactNode;
}

/** A screen that is one form in a centred card, under the page's heading and intro. */
export function FormPageCard({ titleId, title, intro, maxW, children, after }: FormPageCardProps) {
  return (
    <Box maxW={maxW} mx="auto">
      <Card.Root as="section" aria-labelledby={titleId}>
        <Card.Header>
          <Heading as="h1" size="xl" id={titleId}>
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
      {after}
    </Box>
  );
}
