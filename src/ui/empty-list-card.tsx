import { Card, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyListCardProps {
  /** That the list is empty. */
  title: string;
  /** What the list is for, and what to create first. */
  hint: string;
  /** The button that creates the first one (none where the user cannot create one here). */
  action?: ReactNode;
}

/** In place of a list's table while the list is empty: why to fill it, and the button to. */
export function EmptyListCard({ title, hint, action }: EmptyListCardProps) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack align="center" gap="3" py="6" textAlign="center">
          <Text fontWeight="semibold">{title}</Text>
          <Text color="fg.muted" fontSize="sm" maxW="520px">
            {hint}
          </Text>
          {action}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
