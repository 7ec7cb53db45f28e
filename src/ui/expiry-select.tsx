import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';

interface ExpirySelectProps<M extends string> {
  label: string;
  /** The choices: never, presets counted from now, a chosen time… */
  modes: readonly { mode: M; label: string }[];
  mode: M;
  onModeChange(mode: M): void;
  /** The input of a chosen date (or date and time), beside the choices while it is chosen. */
  input: {
    type: 'date' | 'datetime-local';
    value: string;
    /** The earliest value: today, or now. */
    min: string;
    label: string;
    maxW: string;
    onChange(value: string): void;
  } | null;
  /** What the choice means (until when, or how a date is read). */
  helper: string | null;
  /** The rule's text when the choice breaks it. */
  error: string | null;
}

/** When something stops: a choice of presets, and the input of a date or time when one is chosen. */
export function ExpirySelect<M extends string>({
  label,
  modes,
  mode,
  onModeChange,
  input,
  helper,
  error,
}: ExpirySelectProps<M>) {
  return (
    <Field.Root invalid={error !== null}>
      <Field.Label>{label}</Field.Label>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
        <NativeSelect.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '200px' }}>
          <NativeSelect.Field value={mode} onChange={(e) => onModeChange(e.currentTarget.value as M)}>
            {modes.map((m) => (
              <option key={m.mode} value={m.mode}>
                {m.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {input ? (
          <Input
            type={input.type}
            maxW={{ sm: input.maxW }}
            value={input.value}
            min={input.min}
            aria-label={input.label}
            onChange={(e) => input.onChange(e.currentTarget.value)}
          />
        ) : null}
      </Stack>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
