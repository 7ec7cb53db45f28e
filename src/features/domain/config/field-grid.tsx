import { Grid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Fields side by side in two columns on a wide screen, one under the other on a narrow one. */
export function FieldGrid({ alignItems, children }: { alignItems?: 'end'; children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3" alignItems={alignItems}>
      {children}
    </Grid>
  );
}
