import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Choice({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" px="4" py="3" bg={disabled ? 'bg.subtle' : undefined}>
      <Checkbox.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={(e) => onChange?.(e.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5">
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Stack gap="0.5">
          <Checkbox.Label fontWeight="medium">{label}</Checkbox.Label>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        </Stack>
      </Checkbox.Root>
    </Box>
  );
}
