import { Box, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface GrantOption {
  id: string;
  label: string;
  /** Under the label: what else names it (a certificate's domains). */
  detail?: string;
}

export interface GrantValue {
  all: boolean;
  ids: string[];
}

interface GrantPickerProps {
  /** What is granted: "Domains", "Certificates", "Owners". */
  legend: string;
  /** What it means: shown under the legend. */
  hint?: string;
  allLabel: string;
  someLabel: string;
  value: GrantValue;
  onChange(value: GrantValue): void;
  disabled?: boolean;
  /** The list to choose from; drawn only when "selected" is chosen. */
  list: ReactNode;
  /** The rule's text when the choice breaks it. */
  error?: string | null;
}

/**
 * One kind of data permission (spec §6): every item, including those made later, or the items
 * ticked. The choice is a pair of radio buttons; the list to tick from shows under the second.
 */
export function GrantPicker({
  legend,
  hint,
  allLabel,
  someLabel,
  value,
  onChange,
  disabled = false,
  list,
  error = null,
}: GrantPickerProps) {
  const name = useId();
  const errorId = useId();
  const choice = (all: boolean, label: string) => (
    <Box as="label" display="flex" alignItems="center" gap="2" cursor={disabled ? 'default' : 'pointer'}>
      <input
        type="radio"
        name={name}
        checked={value.all === all}
        disabled={disabled}
        onChange={() => onChange({ ...value, all })}
      />
      <Text as="span">{label}</Text>
    </Box>
  );
  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      borderColor={error ? 'border.error' : undefined}
      borderRadius="md"
      p="4"
      minW="0"
      aria-describedby={error ? errorId : undefined}
    >
      <Text as="legend" fontWeight="semibold" px="1">
        {legend}
      </Text>
      <Stack gap="3">
        {hint ? (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        ) : null}
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '6' }}>
          {choice(true, allLabel)}
          {choice(false, someLabel)}
        </Stack>
        {value.all ? null : list}
        {error ? (
          <Text id={errorId} color="fg.error" fontSize="sm">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
