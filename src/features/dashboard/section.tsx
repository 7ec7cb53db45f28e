import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
