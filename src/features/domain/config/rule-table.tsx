import { ListTable } from '../../../ui/list-table';
import { Box, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode } from 'react';
import { useIssueText } from './fields';

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
