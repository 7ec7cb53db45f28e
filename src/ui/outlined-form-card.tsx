import { Card, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface OutlinedFormCardProps {
  /** Sends the form (Enter in a field, or its submit button); the page does not reload. */
  onSubmit: () => void;
  /** The fields and buttons, stacked. */
  children: ReactNode;
}

/** A form in an outlined card, its fields and buttons stacked: a screen's or a tab's own form. */
export function OutlinedFormCard({ onSubmit, children }: OutlinedFormCardProps) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack
          as="form"
          gap="4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
