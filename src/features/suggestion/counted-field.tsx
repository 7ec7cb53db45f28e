import { Field, HStack, Input, Text, Textarea } from '@chakra-ui/react';

interface CountedFieldProps {
  label: string;
  value: string;
  /** Characters allowed (code points, as the rule counts them). */
  max: number;
  onChange: (value: string) => void;
  /** The refusal of the value, in words. */
  error: string | null;
  placeholder: string;
  required?: boolean;
  /** A text area of this many rows; one line without it. */
  rows?: number;
}

/** A text field with its label, its refusal and how many characters of the allowed it holds. */
export function CountedField({
  label,
  value,
  max,
  onChange,
  error,
  placeholder,
  required = false,
  rows,
}: CountedFieldProps) {
  const common = { value, maxLength: max, placeholder };
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {rows ? (
        <Textarea {...common} rows={rows} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <Input {...common} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
      <HStack justify="space-between" w="full">
        <Field.ErrorText>{error}</Field.ErrorText>
        <Text fontSize="xs" color="fg.muted" ms="auto">
          {[...value].length}/{max}
        </Text>
      </HStack>
    </Field.Root>
  );
}
