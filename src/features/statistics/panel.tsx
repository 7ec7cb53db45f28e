import { Card, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A block of a view: a titled card. */
export function Panel({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
