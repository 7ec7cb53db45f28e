import { Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FormField } from './form-field';

/** The part of a setting's draft (`useSettingDraft`) that holds its name. */
interface NamedDraft {
  draft: { name: string };
  set: (change: { name: string }) => void;
  error: (path: string) => string | undefined;
}

/** A setting's name, in its draft; policies and templates tell the naming rule under it. */
export function NameField({
  form,
  label,
  withRule = false,
}: {
  form: NamedDraft;
  label: string;
  withRule?: boolean;
}) {
  const { t } = useLingui();
  return (
    <FormField
      label={label}
      error={form.error('name')}
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
      <Input
        value={form.draft.name}
        maxLength={40}
        onChange={(e) => form.set({ name: e.currentTarget.value })}
      />
    </FormField>
  );
}
