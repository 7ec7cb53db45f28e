import { Card, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionCardProps extends Omit<Card.RootProps, 'title' | 'children'> {
  /** The id of the heading, which names the section. */
  titleId: string;
  title: string;
  /** A word under the heading. */
  hint?: string;
  /** Beside the heading, at the other end (a state). */
  aside?: ReactNode;
  /** `status` for a heading that reports what was just done. */
  titleRole?: 'status';
  children: ReactNode;
  /** Buttons under the body. */
  footer?: ReactNode;
}

/** A card that is a section of a screen, named by its heading. */
export function SectionCard({
  titleId,
  title,
  hint,
  aside,
  titleRole,
  children,
  footer,
  ...root
}: SectionCardProps) {
  const heading = (
    <Heading as="h2" size="md" id={titleId} role={titleRole}>
      {title}
    </Heading>
  );
  return (
    <Card.Root as="section" aria-labelledby={titleId} {...root}>
      <Card.Header>
        {aside ? (
          <HStack justify="space-between" wrap="wrap" gap="3">
            {heading}
            {aside}
          </HStack>
        ) : (
          heading
        )}
        {hint ? (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer ? <Card.Footer>{footer}</Card.Footer> : null}
    </Card.Root>
  );
}
