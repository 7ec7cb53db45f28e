import { HStack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectionBarProps extends Pick<StackProps, 'gap'> {
  /** The bar's name for screen readers: what is selected. */
  label: string;
  /** How many are selected, and the actions on them. */
  children: ReactNode;
}

/** Above a list, while rows are selected: a tinted band with the count and the actions on them. */
export function SelectionBar({ label, gap, children }: SelectionBarProps) {
  return (
    <HStack
      gap={gap}
      px="3"
      py="2"
      bg="blue.subtle"
      borderRadius="md"
      wrap="wrap"
      role="region"
      aria-label={label}
    >
      {children}
    </HStack>
  );
}
