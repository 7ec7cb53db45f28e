import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A centred spinner with a caption, used while the console or a screen loads. */
export function CenteredSpinner({ label, fullScreen = false }: { label: ReactNode; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? '100vh' : '240px'} role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
