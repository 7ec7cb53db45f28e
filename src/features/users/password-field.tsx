import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'required' | 'maxLength' | 'autoComplete'> & {
  /** A new password, or the current one (password managers fill in the one, offer the other). */
  autoComplete: 'new-password' | 'current-password';
};

/** A password to type (spec §5: the policy's 20 characters, and room to see that it is too long). */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField required type="password" maxLength={64} {...props} />;
}
