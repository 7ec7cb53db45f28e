import { OptionSelect } from '../../../ui/option-select';
import { Box, Button, Checkbox, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { configRuleMessages } from './config-messages';
import { fieldLabel } from './labels';

/** The issues of a form, by the path of their field (`rules.0.ttl`). */
export type Issues = ReadonlyMap<string, string>;

export const issuesByPath = (issues: readonly { path: string; message_id: string }[]): Issues =>
  new Map(issues.map((issue) => [issue.path, issue.message_id]));

/** The text of an issue's message id. */
export function useIssueText(): (messageId: string | undefined) => string | undefined {
  const { i18n } = useLingui();
  return (messageId) => {
    if (!messageId) return undefined;
    const descriptor = configRuleMessages[messageId];
    return descriptor ? i18n._(descriptor) : messageId;
  };
}

interface FieldProps {
  label: string;
  /** The message id of the rule the value breaks. */
  issue?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

/** A field's frame: its label, the input given, and under it the rule's message or else the hint. */
function FieldFrame({ label, issue, hint, disabled, children }: FieldProps & { children: ReactNode }) {
  const issueText = useIssueText();
  return (
    <Field.Root invalid={issue !== undefined} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      {issue ? (
        <Field.ErrorText>{issueText(issue)}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/** A whole number with its label, unit and rule's message, kept as typed (`useTypedNumber`). */
export function NumberField({
  value,
  onChange,
  unit,
  ...frame
}: FieldProps & { value: number; onChange(value: number): void; unit?: string }) {
  const number = useTypedNumber(value, onChange);
  return (
    <FieldFrame {...frame}>
      <HStack gap="2" width="full">
        <Input
          inputMode="numeric"
          value={number.shown}
          onChange={(e) => number.type(e.currentTarget.value)}
          maxW="12rem"
        />
        {unit ? (
          <Text color="fg.muted" fontSize="sm">
            {unit}
          </Text>
        ) : null}
      </HStack>
    </FieldFrame>
  );
}

export function TextField({
  value,
  onChange,
  placeholder,
  ...frame
}: FieldProps & { value: string; onChange(value: string): void; placeholder?: string }) {
  return (
    <FieldFrame {...frame}>
      <Input value={value} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} />
    </FieldFrame>
  );
}

/** A text field with a button beside it, aligned to the field: the URL authentication's tools. */
export function TextFieldWithAction({
  action,
  ...field
}: Parameters<typeof TextField>[0] & { action: { label: string; disabled: boolean; run(): void } }) {
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Box flex="1" minW="16rem">
        <TextField {...field} />
      </Box>
      <Button size="sm" variant="outline" disabled={action.disabled} onClick={action.run}>
        {action.label}
      </Button>
    </HStack>
  );
}

export function ToggleField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  issue,
  disabled,
}: FieldProps & { value: V; options: { value: V; label: string }[]; onChange(value: V): void }) {
  return (
    <FieldFrame label={label} issue={issue} disabled={disabled}>
      <OptionSelect value={value} options={options} onChange={onChange} />
    </FieldFrame>
  );
}

/**
 * The props that tie a field to a key of a form's content: its name, its value, its change and the
 * issue found at `<prefix><key>` (`compression.` for the keys of a group).
 */
export function fieldsOf<C extends object>(
  value: C,
  onChange: (next: C) => void,
  issues: Issues,
  i18n: I18n,
  prefix = '',
) {
  return <K extends keyof C & string>(key: K) => ({
    label: fieldLabel(key, i18n),
    value: value[key],
    onChange: (next: C[K]) => onChange({ ...value, [key]: next }),
    issue: issues.get(`${prefix}${key}`),
  });
}

/** A number typed: NaN while it is not a whole number, so the rule's message shows. */
export const numberOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A whole number edited as text: what the user typed stays while it is not a number (the form
 * holds NaN then, and the rule's message shows); a value set from outside shows as it is.
 */
export function useTypedNumber(value: number, onChange: (value: number) => void) {
  const [typed, setTyped] = useState<string | null>(null);
  return {
    shown: typed !== null && (numberOf(typed) === value || Number.isNaN(value)) ? typed : String(value),
    type(text: string) {
      setTyped(text);
      onChange(numberOf(text));
    },
  };
}
