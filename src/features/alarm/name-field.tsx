import { Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FormField } from './form-field';

/** A setting's name; policies and templates tell the naming rule under it. */
export function NameField({
  label,
  value,
  error,
  onChange,
  withRule = false,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
  withRule?: boolean;
}) {
  const { t } = useLingui();
  return (
    <FormField
      label={label}
      error={error}
      helper={
        withRule
          ? t({
              id: 'alarm.ui.nameHelp',
              message:
                'Starts with a letter or Chinese character; letters, Chinese, digits and _; at most 30.',
            })
          : undefined
      }
    >
      <Input value={value} maxLength={40} onChange={(e) => onChange(e.currentTarget.value)} />
    </FormField>
  );
}
