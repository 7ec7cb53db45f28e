import { HStack, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LinesInputProps {
  value: string;
  onChange(text: string): void;
  rows: number;
  placeholder: string;
  /** The id of the list of problems by line, while there is one. */
  describedBy?: string | undefined;
  /** Under the box: the field's help or its error (`Field.HelperText`, `Field.ErrorText`). */
  note: ReactNode;
  /** How many lines there are of how many allowed, e.g. `3/20`. */
  counter: string;
  /** More lines than allowed: the counter turns red. */
  over: boolean;
  /** Narrow screens put the counter under the note. */
  wrap?: boolean;
}

/**
 * A box of values one per line (addresses, URLs), inside a `Field.Root`: typed in a fixed-width
 * font, with the help or error and the count of lines under it.
 */
export function LinesInput({
  value,
  onChange,
  rows,
  placeholder,
  describedBy,
  note,
  counter,
  over,
  wrap,
}: LinesInputProps) {
  return (
    <>
      <Textarea
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        rows={rows}
        fontFamily="mono"
        fontSize="sm"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        placeholder={placeholder}
        aria-describedby={describedBy}
      />
      <HStack justify="space-between" w="full" align="flex-start" gap="3" wrap={wrap ? 'wrap' : undefined}>
        {note}
        <Text fontSize="xs" color={over ? 'fg.error' : 'fg.muted'} flexShrink={0}>
          {counter}
        </Text>
      </HStack>
    </>
  );
}
