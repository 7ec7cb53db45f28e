import { Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Origin } from '../../../contract/domain';
import { isPrimary, primaryLevel } from '../../../contract/rules/domain';
import { ListTable } from '../../../ui/list-table';
import { fieldLabel } from '../config/labels';
import { originValueLabels } from '../origin-labels';

/** The fields of an origin, in the order of the table's columns after its role. */
const originColumns = [
  'address',
  'port',
  'host',
  'protocol',
  'level',
  'weight',
  'carrier',
  'ip_type',
  'region',
  'sm_crypto',
] as const satisfies readonly (keyof Origin)[];

export function OriginsTable({ origins, i18n }: { origins: readonly Origin[]; i18n: I18n }) {
  const { t } = useLingui();
  const primary = primaryLevel(origins);
  const labels = originValueLabels;
  return (
    <ListTable
      framed={false}
      label={t({ id: 'domain.detail.origins', message: 'Origins' })}
      columns={[
        { header: t({ id: 'domain.detail.originRole', message: 'Role' }) },
        ...originColumns.map((field) => ({ header: fieldLabel(field, i18n) })),
      ]}
    >
      {origins.map((o) => (
        <Table.Row key={`${o.address}-${o.level}`}>
          <Table.Cell>
            {isPrimary(o, primary)
              ? t({ id: 'domain.originForm.primary', message: 'Primary' })
              : t({ id: 'domain.originForm.backup', message: 'Backup' })}
          </Table.Cell>
          <Table.Cell fontFamily="mono">
            {o.address}
            <Text as="span" color="fg.muted" fontFamily="body">
              {' '}
              ({i18n._(labels.type[o.type])})
            </Text>
          </Table.Cell>
          <Table.Cell>{o.port}</Table.Cell>
          <Table.Cell>
            {o.host || t({ id: 'domain.originForm.hostDefault', message: 'Same as the accelerated domain' })}
          </Table.Cell>
          <Table.Cell>{i18n._(labels.protocol[o.protocol])}</Table.Cell>
          <Table.Cell>{o.level}</Table.Cell>
          <Table.Cell>{o.weight}</Table.Cell>
          <Table.Cell>{i18n._(labels.carrier[o.carrier])}</Table.Cell>
          <Table.Cell>{i18n._(labels.ipType[o.ip_type])}</Table.Cell>
          <Table.Cell>{i18n._(labels.region[o.region])}</Table.Cell>
          <Table.Cell>
            {o.sm_crypto
              ? t({ id: 'domain.detail.yes', message: 'Yes' })
              : t({ id: 'domain.detail.no', message: 'No' })}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
