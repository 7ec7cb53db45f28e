import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LabelledSelectProps {
  /** The select's accessible name. */
  label: string;
  value: string | number;
  /** As wide as its options, and at least this. */
  minW: string;
  size?: 'sm' | 'md';
  onChange(value: string): void;
  /** The options. */
  children: ReactNode;
}

/** One of a list's filters or its sort: a native select named by its label. */
export function LabelledSelect({ label, value, minW, size, onChange, children }: LabelledSelectProps) {
  return (
    <NativeSelect.Root w="auto" minW={minW} size={size}>
      <NativeSelect.Field value={value} aria-label={label} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
