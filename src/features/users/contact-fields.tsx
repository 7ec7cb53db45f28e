import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from './text-field';
import { problemText } from './user-messages';
import type { FieldProblems, UserField } from './validate';

/** A text field bound to a field of a form: its value, its change, its leaving and its problem. */
type BoundProps = Pick<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'problem' | 'disabled'>;

/** The bound props of a form's text fields, by field name. */
export const binder =
  <D extends Partial<Record<UserField, string>>>(
    i18n: I18n,
    form: {
      value: D;
      onChange(next: Partial<D>): void;
      onTouch(field: UserField): void;
      problems: FieldProblems;
    },
  ) =>
  (name: UserField & keyof D): BoundProps => ({
    value: form.value[name] ?? '',
    onChange: (text) => form.onChange({ [name]: text } as Partial<D>),
    onBlur: () => form.onTouch(name),
    problem: problemText(i18n, form.problems[name]),
  });

export function RealNameField({ helper, ...props }: BoundProps & { helper?: string }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t({ id: 'user.field.realName', message: 'Real name' })}
      maxLength={50}
      helper={helper}
      {...props}
    />
  );
}

/** spec §5: an 11-digit mobile of China Mainland. */
export function MobileField(props: BoundProps) {
  const { t } = useLingui();
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      maxLength={20}
      label={t({ id: 'user.field.mobile', message: 'Mobile' })}
      helper={t({ id: 'user.field.mobileHint', message: 'An 11-digit mobile number of China Mainland' })}
      {...props}
    />
  );
}

export function EmailField(props: BoundProps) {
  const { t } = useLingui();
  return (
    <TextField
      type="email"
      inputMode="email"
      maxLength={254}
      label={t({ id: 'user.field.email', message: 'Email' })}
      {...props}
    />
  );
}
