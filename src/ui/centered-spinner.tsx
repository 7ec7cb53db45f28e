import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A centred spinner with a caption, used while the console or a screen loads. It appears only
 * after 300 ms (an invisible fade-in delay, no timer): what loads faster shows no flash of it.
 */
export function CenteredSpinner({ label, fullScreen = false }: { label: ReactNode; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? '100vh' : '240px'} role="status" aria-live="polite">
      <Stack
        align="center"
        gap="3"
        animationName="fade-in"
        animationDuration="moderate"
        animationDelay="300ms"
        animationFillMode="both"
      >
        <Spinner size="lg" color="blue.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
