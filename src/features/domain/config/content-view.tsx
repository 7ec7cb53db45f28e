import { Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ListTable } from '../../../ui/list-table';
import { isObject, isObjectList } from './diff';
import { FieldGrid } from './field-grid';
import { fieldLabel, formatValue, orderedEntries } from './labels';

/** Fields a section shows in a panel of their own: the HTTPS certificate, by its name and expiry. */
const shownApart = new Set(['certificate_id']);

/**
 * A section's values as the user reads them: each field with its name, groups of fields (a list's
 * settings) together, lists of rules as tables. One view for every section: what the content
 * holds is what it shows, in the words of `labels`.
 */
export function ContentView({ value }: { value: Record<string, unknown> }) {
  const { i18n } = useLingui();
  const label = (key: string) => fieldLabel(key, i18n);
  const entries = orderedEntries(Object.entries(value)).filter(([key]) => !shownApart.has(key));
  const plain = entries.filter(([, v]) => !isObject(v) && !isObjectList(v));
  const groups = entries.filter(([, v]) => isObject(v)) as [string, Record<string, unknown>][];
  const lists = entries.filter(([, v]) => isObjectList(v)) as [string, Record<string, unknown>[]][];
  return (
    <Stack gap="4">
      {plain.length > 0 ? (
        <FieldGrid>
          {plain.map(([key, v]) => (
            <Field key={key} label={label(key)} value={formatValue(v, key, i18n)} />
          ))}
        </FieldGrid>
      ) : null}
      {groups.map(([key, group]) => (
        <Stack key={key} gap="2">
          <Text fontWeight="semibold">{label(key)}</Text>
          <FieldGrid>
            {orderedEntries(Object.entries(group)).map(([field, v]) => (
              <Field key={field} label={label(field)} value={formatValue(v, field, i18n)} />
            ))}
          </FieldGrid>
        </Stack>
      ))}
      {lists.map(([key, rules]) => (
        <RulesView key={key} label={label(key)} rules={rules} />
      ))}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text wordBreak="break-word">{value}</Text>
    </Stack>
  );
}

function RulesView({ label, rules }: { label: string; rules: Record<string, unknown>[] }) {
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
