import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What an empty list says instead of its table. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text textAlign="center" color="fg.muted" py="6">
      {children}
    </Text>
  );
}
