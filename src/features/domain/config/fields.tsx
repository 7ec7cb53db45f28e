import { ListTable } from '../../../ui/list-table';
import { OptionSelect } from '../../../ui/option-select';
import {
  Box,
  Button,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { ph } from '@lingui/core/macro';
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
  label,
  value,
  onChange,
  issue,
  hint,
  disabled,
  unit,
}: FieldProps & { value: number; onChange(value: number): void; unit?: string }) {
  const number = useTypedNumber(value, onChange);
  return (
    <FieldFrame label={label} issue={issue} hint={hint} disabled={disabled}>
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
  label,
  value,
  onChange,
  issue,
  hint,
  disabled,
  placeholder,
}: FieldProps & { value: string; onChange(value: string): void; placeholder?: string }) {
  return (
    <FieldFrame label={label} issue={issue} hint={hint} disabled={disabled}>
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
 * A list of entries, one per line (spec §5: IP, UA and referer lists). The lines stay as typed;
 * the issues of each line are listed under the field by line number.
 */
export function LinesField({
  label,
  values,
  onChange,
  issues,
  path,
  hint,
  disabled,
}: {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  issues: Issues;
  /** The path of the entries in the form (`ip.entries`). */
  path: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const issueText = useIssueText();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed !== null && linesOf(typed).join('\n') === values.join('\n') ? typed : values.join('\n');
  const lineIssues = values.flatMap((_, i) => {
    const id = issues.get(`${path}.${i}`);
    return id ? [{ line: i + 1, text: issueText(id) ?? id }] : [];
  });
  const listIssue = issues.get(path);
  return (
    <Field.Root invalid={lineIssues.length > 0 || listIssue !== undefined} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        rows={5}
        fontFamily="mono"
        fontSize="sm"
        value={text}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          onChange(linesOf(e.currentTarget.value));
        }}
      />
      {listIssue ? <Field.ErrorText>{issueText(listIssue)}</Field.ErrorText> : null}
      {lineIssues.map((issue) => (
        <Field.ErrorText key={issue.line}>
          {t({
            id: 'domainConfig.lines.issue',
            message: `Line ${ph({ line: issue.line })}: ${ph({ problem: issue.text })}`,
          })}
        </Field.ErrorText>
      ))}
      {hint && lineIssues.length === 0 && !listIssue ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** The entries of a text, one per line, blank lines left out. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');

/** A column of a rule table: its header and the cell of one rule. */
export interface RuleColumn<T> {
  header: string;
  cell(rule: T, change: (next: T) => void, index: number): ReactNode;
}

/**
 * A list of rules as a table: one row per rule, its fields in the cells; rules added, removed and
 * moved up or down (the order is what a list such as the cache rules keeps).
 */
export function RuleTable<T>({
  label,
  rules,
  columns,
  onChange,
  make,
  max,
  issue,
  disabled,
  addLabel,
  titled = false,
}: {
  label: string;
  rules: readonly T[];
  columns: RuleColumn<T>[];
  onChange(rules: T[]): void;
  make(): T;
  max: number;
  issue?: string | undefined;
  disabled?: boolean;
  addLabel: MessageDescriptor;
  /** Its name shown above it, where a form holds more than one list of rules. */
  titled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const issueText = useIssueText();
  const set = (i: number, next: T) => onChange(rules.map((r, j) => (j === i ? next : r)));
  const move = (i: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(i, 1);
    next.splice(i + by, 0, rule as T);
    onChange(next);
  };
  return (
    <Stack gap="2">
      {titled ? <Text fontWeight="medium">{label}</Text> : null}
      <ListTable
        framed={false}
        label={label}
        columns={[
          { header: '#' },
          ...columns.map((column) => ({ header: column.header })),
          { header: t({ id: 'domainConfig.table.operations', message: 'Actions' }) },
        ]}
      >
        {rules.map((rule, i) => (
          <Table.Row key={i}>
            <Table.Cell>{i + 1}</Table.Cell>
            {columns.map((column) => (
              <Table.Cell key={column.header} verticalAlign="top" minW="8rem">
                {column.cell(rule, (next) => set(i, next), i)}
              </Table.Cell>
            ))}
            <Table.Cell whiteSpace="nowrap" verticalAlign="top">
              <HStack gap="1">
                <IconButton
                  size="xs"
                  variant="ghost"
                  disabled={disabled || i === 0}
                  aria-label={t({
                    id: 'domainConfig.table.up',
                    message: `Move rule ${ph({ number: i + 1 })} up`,
                  })}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  disabled={disabled || i === rules.length - 1}
                  aria-label={t({
                    id: 'domainConfig.table.down',
                    message: `Move rule ${ph({ number: i + 1 })} down`,
                  })}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </IconButton>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  disabled={disabled}
                  onClick={() => onChange(rules.filter((_, j) => j !== i))}
                >
                  {t({ id: 'domainConfig.table.remove', message: 'Remove' })}
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
      {issue ? (
        <Text color="fg.error" fontSize="sm">
          {issueText(issue)}
        </Text>
      ) : null}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || rules.length >= max}
          onClick={() => onChange([...rules, make()])}
        >
          {i18n._(addLabel)}
        </Button>
      </Box>
    </Stack>
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

/** A small field inside a rule table's cell: the input and, under it, its rule's message. */
export function CellInput({
  value,
  onChange,
  issue,
  label,
  numeric,
  placeholder,
}: {
  value: string;
  onChange(value: string): void;
  issue?: string | undefined;
  label: string;
  numeric?: boolean;
  placeholder?: string;
}) {
  const issueText = useIssueText();
  return (
    <Stack gap="1">
      <Input
        size="sm"
        aria-label={label}
        aria-invalid={issue !== undefined}
        inputMode={numeric ? 'numeric' : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        borderColor={issue ? 'border.error' : undefined}
      />
      {issue ? (
        <Text color="fg.error" fontSize="xs">
          {issueText(issue)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A number typed: NaN while it is not a whole number, so the rule's message shows. */
export const numberOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A whole number edited as text: what the user typed stays while it is not a number (the form
 * holds NaN then, and the rule's message shows); a value set from outside shows as it is.
 */
function useTypedNumber(value: number, onChange: (value: number) => void) {
  const [typed, setTyped] = useState<string | null>(null);
  return {
    shown: typed !== null && (numberOf(typed) === value || Number.isNaN(value)) ? typed : String(value),
    type(text: string) {
      setTyped(text);
      onChange(numberOf(text));
    },
  };
}

/** A whole number in a cell, kept as typed while it is not one (nothing typed is lost). */
export function CellNumber({
  value,
  onChange,
  issue,
  label,
}: {
  value: number;
  onChange(value: number): void;
  issue?: string | undefined;
  label: string;
}) {
  const number = useTypedNumber(value, onChange);
  return <CellInput value={number.shown} label={label} issue={issue} numeric onChange={number.type} />;
}
