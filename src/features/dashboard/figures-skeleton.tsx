import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';

export function FiguresSkeleton() {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap="2">
          <Skeleton height="4" width="16" />
          <Skeleton height="8" width="12" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
