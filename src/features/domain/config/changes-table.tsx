import { Badge, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ListTable } from '../../../ui/list-table';
import { type ConfigChange } from './diff';
import { describeChange } from './labels';

/** The changes of an edit, field by field: before and after. */
export function ChangesTable({ changes }: { changes: ConfigChange[] }) {
  const { t, i18n } = useLingui();
  if (changes.length === 0)
    return <Text>{t({ id: 'domainConfig.noChanges', message: 'Nothing has changed.' })}</Text>;
  return (
    <ListTable
      framed={false}
      label={t({ id: 'domainConfig.changes', message: 'Changes' })}
      columns={[
        { header: t({ id: 'domainConfig.change.field', message: 'Setting' }) },
        { header: t({ id: 'domainConfig.change.before', message: 'Before' }) },
        { header: t({ id: 'domainConfig.change.after', message: 'After' }) },
      ]}
    >
      {changes.map((change) => {
        const row = describeChange(change, i18n);
        return (
          <Table.Row key={change.path.join('.')}>
            <Table.Cell>{row.label}</Table.Cell>
            <Table.Cell>
              <Text as="span" color="fg.muted" textDecoration="line-through">
                {row.before}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette="blue" variant="subtle" whiteSpace="normal">
                {row.after}
              </Badge>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}
