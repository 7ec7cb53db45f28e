import { Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../contract/users';
import { ListTable } from '../../ui/list-table';
import { ChangeValue } from './change-value';

/** What an entry changed, field by field: before → after. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useLingui();
  if (entry.changes.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t({ id: 'auditLog.change.noFields', message: 'No field changes were recorded for this action.' })}
      </Text>
    );
  return (
    <ListTable
      inner
      label={t({ id: 'auditLog.change.label', message: 'Field changes' })}
      columns={[
        { header: t({ id: 'auditLog.change.field', message: 'Field' }), width: '20%' },
        { header: t({ id: 'auditLog.change.before', message: 'Before' }), width: '40%' },
        { header: t({ id: 'auditLog.change.after', message: 'After' }), width: '40%' },
      ]}
    >
      {entry.changes.map((change) => (
        <Table.Row key={change.field}>
          <Table.Cell verticalAlign="top">
            <Text as="span" fontFamily="mono" fontSize="xs">
              {change.field || '—'}
            </Text>
          </Table.Cell>
          <Table.Cell verticalAlign="top" fontSize="sm">
            <ChangeValue value={change.before} />
          </Table.Cell>
          <Table.Cell verticalAlign="top" fontSize="sm">
            <ChangeValue value={change.after} />
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
