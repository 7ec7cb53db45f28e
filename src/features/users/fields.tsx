import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { binder, EmailField, MobileField, RealNameField } from './contact-fields';
import { PasswordField } from './password-field';
import { TextField, type TextFieldProps } from './text-field';
import type { FieldProblems, PasswordDraft, ProfileDraft, UserField } from './validate';

export interface FieldsProps<D> {
  value: D;
  onChange(next: Partial<D>): void;
  onTouch(field: UserField): void;
  problems: FieldProblems;
}

/** spec §5: the new password and its confirmation, with the policy said before anything is typed. */
export function PasswordFields(form: FieldsProps<PasswordDraft>) {
  const { t, i18n } = useLingui();
  const bind = binder(i18n, form);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <PasswordField
        autoComplete="new-password"
        label={t({ id: 'user.field.password', message: 'Password' })}
        {...bind('password')}
        helper={t({
          id: 'user.field.passwordPolicy',
          message:
            '8–20 characters, no spaces, with at least three of: uppercase letters, lowercase letters, digits and symbols.',
        })}
      />
      <PasswordField
        autoComplete="new-password"
        label={t({ id: 'user.field.confirmPassword', message: 'Confirm password' })}
        {...bind('confirm_password')}
      />
    </SimpleGrid>
  );
}

/** A sub-account's name, contacts and remark (spec §3, §5: an 11-digit mobile). */
export function ProfileFields(form: FieldsProps<ProfileDraft>) {
  const { t, i18n } = useLingui();
  const bind = binder(i18n, form);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <RealNameField {...bind('real_name')} />
        <MobileField {...bind('mobile')} />
        <EmailField {...bind('email')} />
      </SimpleGrid>
      <TextField
        maxLength={100}
        label={t({ id: 'user.field.remark', message: 'Remark' })}
        {...bind('remark')}
        helper={t({ id: 'user.field.remarkHint', message: 'At most 100 characters' })}
      />
    </Stack>
  );
}

/** The signed-in account's current password, asked before its password or sign-in changes. */
export function CurrentPasswordField(
  props: Pick<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'problem'>,
) {
  const { t } = useLingui();
  return (
    <PasswordField
      autoComplete="current-password"
      label={t({ id: 'user.field.currentPassword', message: 'Current password' })}
      {...props}
    />
  );
}
