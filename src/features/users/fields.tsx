import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { problemText } from './user-messages';
import type { FieldProblems, PasswordDraft, ProfileDraft, UserField } from './validate';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The problem's text, shown under the field (and the field marked invalid). */
  problem: string | null;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'password' | 'email' | 'tel';
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
}

/** One labelled input with its hint and its problem. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  problem,
  helper,
  required = false,
  disabled = false,
  type = 'text',
  maxLength,
  autoComplete = 'off',
  inputMode,
}: TextFieldProps) {
  return (
    <Field.Root required={required} disabled={disabled} invalid={problem !== null}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        autoCapitalize="off"
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{problem}</Field.ErrorText>
    </Field.Root>
  );
}

interface FieldsProps<D> {
  value: D;
  onChange(next: Partial<D>): void;
  onTouch(field: UserField): void;
  problems: FieldProblems;
}

/** spec §5: the new password and its confirmation, with the policy said before anything is typed. */
export function PasswordFields({ value, onChange, onTouch, problems }: FieldsProps<PasswordDraft>) {
  const { t, i18n } = useLingui();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField
        required
        type="password"
        autoComplete="new-password"
        maxLength={64}
        label={t({ id: 'user.field.password', message: 'Password' })}
        value={value.password}
        onChange={(password) => onChange({ password })}
        onBlur={() => onTouch('password')}
        problem={problemText(i18n, problems.password)}
        helper={t({
          id: 'user.field.passwordPolicy',
          message:
            '8–20 characters, no spaces, with at least three of: uppercase letters, lowercase letters, digits and symbols.',
        })}
      />
      <TextField
        required
        type="password"
        autoComplete="new-password"
        maxLength={64}
        label={t({ id: 'user.field.confirmPassword', message: 'Confirm password' })}
        value={value.confirm_password}
        onChange={(confirm_password) => onChange({ confirm_password })}
        onBlur={() => onTouch('confirm_password')}
        problem={problemText(i18n, problems.confirm_password)}
      />
    </SimpleGrid>
  );
}

/** A sub-account's name, contacts and remark (spec §3, §5: an 11-digit mobile). */
export function ProfileFields({ value, onChange, onTouch, problems }: FieldsProps<ProfileDraft>) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label={t({ id: 'user.field.realName', message: 'Real name' })}
          maxLength={50}
          autoComplete="off"
          value={value.real_name}
          onChange={(real_name) => onChange({ real_name })}
          onBlur={() => onTouch('real_name')}
          problem={problemText(i18n, problems.real_name)}
        />
        <TextField
          type="tel"
          inputMode="numeric"
          maxLength={20}
          label={t({ id: 'user.field.mobile', message: 'Mobile' })}
          value={value.mobile}
          onChange={(mobile) => onChange({ mobile })}
          onBlur={() => onTouch('mobile')}
          problem={problemText(i18n, problems.mobile)}
          helper={t({ id: 'user.field.mobileHint', message: 'An 11-digit mobile number of China Mainland' })}
        />
        <TextField
          type="email"
          inputMode="email"
          maxLength={254}
          label={t({ id: 'user.field.email', message: 'Email' })}
          value={value.email}
          onChange={(email) => onChange({ email })}
          onBlur={() => onTouch('email')}
          problem={problemText(i18n, problems.email)}
        />
      </SimpleGrid>
      <TextField
        maxLength={100}
        label={t({ id: 'user.field.remark', message: 'Remark' })}
        value={value.remark}
        onChange={(remark) => onChange({ remark })}
        onBlur={() => onTouch('remark')}
        problem={problemText(i18n, problems.remark)}
        helper={t({ id: 'user.field.remarkHint', message: 'At most 100 characters' })}
      />
    </Stack>
  );
}

/** The signed-in account's current password, asked before its password or sign-in changes. */
export function CurrentPasswordField({
  value,
  onChange,
  onBlur,
  problem,
}: {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  problem: string | null;
}) {
  const { t } = useLingui();
  return (
    <TextField
      required
      type="password"
      autoComplete="current-password"
      maxLength={64}
      label={t({ id: 'user.field.currentPassword', message: 'Current password' })}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      problem={problem}
    />
  );
}
