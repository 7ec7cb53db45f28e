import { HStack, Skeleton, Stack } from '@chakra-ui/react';

/** The place of a part not read yet: the shape of what comes, no sentence. */
export function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="3" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <HStack key={i} gap="6">
          <Skeleton height="4" width="28" />
          <Skeleton height="4" flex="1" maxW="48" />
        </HStack>
      ))}
    </Stack>
  );
}
