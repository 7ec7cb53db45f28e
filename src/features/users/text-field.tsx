import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TextFieldProps {
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
