import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One fact shown on its own (in a grid of facts): its label above, its value below. */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box wordBreak="break-word">{children}</Box>
    </Stack>
  );
}
