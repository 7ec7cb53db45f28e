import { Box, Card, HStack, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The place of a screen, or of a list, whose data is not on this device yet: the shape of what
 * comes (a title, a toolbar, rows), never a sentence as its largest element. What it waits for is
 * said to screen readers.
 */
export function ScreenSkeleton({
  label,
  rows = 6,
  title = true,
}: {
  label: ReactNode;
  rows?: number;
  /** The screen's title bar above the card; false for a list inside a screen that has one. */
  title?: boolean;
}) {
  return (
    <Stack gap="5" role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      {title ? (
        <HStack justify="space-between" aria-hidden="true">
          <Skeleton height="7" width="40" />
          <Skeleton height="8" width="24" />
        </HStack>
      ) : null}
      <Card.Root aria-hidden="true">
        <Card.Body>
          <Stack gap="4">
            <HStack gap="3">
              <Skeleton height="8" flex="1" maxW="72" />
              <Skeleton height="8" width="28" />
            </HStack>
            <Rows rows={rows} />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Rows({ rows }: { rows: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <HStack key={i} gap="6">
      <Skeleton height="4" flex="2" />
      <Skeleton height="4" flex="1" />
      <Box flex="1" display={{ base: 'none', md: 'block' }}>
        <Skeleton height="4" />
      </Box>
    </HStack>
  ));
}

/** The place of a part of a screen (figures, a chart, a table) whose data is being read. */
export function BlockSkeleton({ label, rows = 3 }: { label: ReactNode; rows?: number }) {
  return (
    <Stack gap="4" py="2" role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="4" aria-hidden="true">
        <Rows rows={rows} />
      </Stack>
    </Stack>
  );
}
