import { Field, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

interface ChoiceFieldProps {
  label: string;
  /** The value chosen; empty while nothing is. */
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** The refusal of the value, in words. */
  error: string | null;
}

/** A required choice of a form, with "Please choose" until one is made, and its refusal. */
export function ChoiceField({ label, value, options, onChange, error }: ChoiceFieldProps) {
  const { t } = useLingui();
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t({ id: 'feedback.form.choose', message: 'Please choose' })}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
