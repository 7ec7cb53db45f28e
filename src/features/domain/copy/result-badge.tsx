import { Badge, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A target's result: a badge, and under it what follows from it. */
export function ResultBadge({
  palette,
  label,
  children,
}: {
  palette: 'green' | 'red' | 'orange';
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="1">
      <Badge colorPalette={palette} variant="subtle" alignSelf="flex-start">
        {label}
      </Badge>
      {children}
    </Stack>
  );
}
