import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyListProps {
  /** Why nothing is listed. */
  title: string;
  /** What the user can do about it. */
  hint?: string;
  /** Room above and below. */
  py: string;
  /** What to do: a button under the texts. */
  children?: ReactNode;
}

/** The place of a list's table when there is no row to show: why, and what to do. */
export function EmptyList({ title, hint, py, children }: EmptyListProps) {
  return (
    <Stack align="center" textAlign="center" gap="2" py={py}>
      <Text fontWeight="semibold">{title}</Text>
      {hint === undefined ? null : (
        <Text color="fg.muted" fontSize="sm">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}
