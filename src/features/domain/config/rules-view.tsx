import { Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ListTable } from '../../../ui/list-table';
import { fieldLabel, formatValue, orderedEntries } from './labels';

/** A list of rules of a configuration as it is (not edited): a table, a rule a row. */
export function RulesView({ label, rules }: { label: string; rules: Record<string, unknown>[] }) {
  const { i18n } = useLingui();
  const columns = orderedEntries(Object.entries(rules[0] ?? {})).map(([key]) => key);
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{label}</Text>
      <ListTable
        framed={false}
        label={label}
        columns={[
          { header: '#' },
          ...columns.map((column) => ({
            header: fieldLabel(column, i18n),
          })),
        ]}
      >
        {rules.map((rule, i) => (
          <Table.Row key={i}>
            <Table.Cell>{i + 1}</Table.Cell>
            {columns.map((column) => (
              <Table.Cell key={column}>{formatValue(rule[column], column, i18n)}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </ListTable>
    </Stack>
  );
}
