import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { OptionSelect } from '../../../ui/option-select';
import { type Issues } from './fields';
import { CellInput } from './cell-input';
import { CellNumber } from './cell-number';
import { type RuleColumn } from './rule-table';
import { fieldLabel, valueLabels } from './labels';

/** The values of a choice, named in `valueLabels` where they have a name. */
export const choices = <V extends string>(values: readonly V[], i18n: I18n) =>
  values.map((value) => ({ value, label: valueLabels[value] ? i18n._(valueLabels[value]) : value }));

/** The keys of a rule whose values are of type V. */
type KeysOf<R, V> = { [K in keyof R]: R[K] extends V ? K : never }[keyof R] & string;

/**
 * The columns of a rule table, one per field of the rule: the field's name in the header and, in
 * each cell, its input named with the rule's number, with the issue found at `<path>.<i>.<field>`.
 */
export function columnsOf<R>(i18n: I18n, issues: Issues, path: string) {
  const name = (field: string, i: number) => `${fieldLabel(field, i18n)} ${i + 1}`;
  const issueAt = (i: number, field: string) => issues.get(`${path}.${i}.${field}`);
  return {
    text: (
      field: KeysOf<R, string>,
      options: { placeholder?(rule: R): string; hidden?(rule: R): boolean } = {},
    ): RuleColumn<R> => ({
      header: fieldLabel(field, i18n),
      cell: (rule, change, i) =>
        options.hidden?.(rule) ? null : (
          <CellInput
            label={name(field, i)}
            value={rule[field] as string}
            placeholder={options.placeholder?.(rule)}
            issue={issueAt(i, field)}
            onChange={(text) => change({ ...rule, [field]: text })}
          />
        ),
    }),
    /** A whole number; `spelled` says it in words under the input ("30 days") while it is right. */
    number: (
      field: KeysOf<R, number>,
      options: { unit?: string; spelled?(value: number): string | null } = {},
    ): RuleColumn<R> => ({
      header: options.unit ? `${fieldLabel(field, i18n)} (${options.unit})` : fieldLabel(field, i18n),
      cell: (rule, change, i) => {
        const issue = issueAt(i, field);
        const spelled = issue === undefined ? options.spelled?.(rule[field] as number) : null;
        return (
          <Stack gap="0.5">
            <CellNumber
              label={name(field, i)}
              value={rule[field] as number}
              issue={issue}
              onChange={(n) => change({ ...rule, [field]: n })}
            />
            {spelled ? (
              <Text fontSize="xs" color="fg.muted">
                {spelled}
              </Text>
            ) : null}
          </Stack>
        );
      },
    }),
    /** One of `values`; `pick` makes the rule with the value chosen (a choice that clears another field). */
    choice: <V extends string>(
      field: KeysOf<R, V>,
      values: readonly V[],
      pick?: (rule: R, value: V) => R,
    ): RuleColumn<R> => ({
      header: fieldLabel(field, i18n),
      cell: (rule, change, i) => (
        <OptionSelect
          size="sm"
          minW="8rem"
          label={name(field, i)}
          value={rule[field] as V}
          options={choices(values, i18n)}
          onChange={(value) => change(pick ? pick(rule, value) : { ...rule, [field]: value })}
        />
      ),
    }),
    /** Switches in one cell, one per field. */
    switches: (header: string, fields: readonly KeysOf<R, boolean>[]): RuleColumn<R> => ({
      header,
      cell: (rule, change) => (
        <Stack gap="1">
          {fields.map((key) => (
            <Checkbox.Root
              key={key}
              size="sm"
              checked={rule[key] as boolean}
              onCheckedChange={(e) => change({ ...rule, [key]: e.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label whiteSpace="nowrap">{fieldLabel(key, i18n)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      ),
    }),
  };
}

/** A rule's type chosen: a rule for all files has no content. */
export const withType = <R extends { type: string; content: string }>(rule: R, type: R['type']): R => ({
  ...rule,
  type,
  content: type === 'all' ? '' : rule.content,
});
