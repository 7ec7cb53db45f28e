import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormField({
  label,
  error,
  helper,
  children,
  required = true,
}: {
  label: string;
  error?: string | undefined;
  helper?: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
