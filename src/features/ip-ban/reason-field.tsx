import { Field, HStack, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { limits } from '../../contract/limits';

interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** The optional reason of a ban, counted in characters as the rule counts it. */
export function ReasonField({ value, onChange, error }: ReasonFieldProps) {
  const { t } = useLingui();
  const length = [...value.trim()].length;
  return (
    <Field.Root invalid={error !== null}>
      <Field.Label>{t({ id: 'ipBan.reason.label', message: 'Reason (optional)' })}</Field.Label>
      <Input
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={t({ id: 'ipBan.reason.placeholder', message: 'e.g. scraping, credential stuffing' })}
      />
      <HStack justify="space-between" w="full">
        <Field.ErrorText>{error}</Field.ErrorText>
        <Text fontSize="xs" color={length > limits.ipBan.reasonMax ? 'fg.error' : 'fg.muted'} ms="auto">
          {length}/{limits.ipBan.reasonMax}
        </Text>
      </HStack>
    </Field.Root>
  );
}
