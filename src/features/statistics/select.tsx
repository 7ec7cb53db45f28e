import { HStack, NativeSelect, Text } from '@chakra-ui/react';

export function Select({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly (readonly [string, string])[];
}) {
  return (
    <HStack gap="2">
      <Text fontSize="sm" color="fg.muted" aria-hidden>
        {label}
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
          {choices.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
