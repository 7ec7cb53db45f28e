import { Alert, Card, SimpleGrid, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OutputOf } from '../../contract';
import { useBillingModeText } from '../../ui/billing-mode';
import { EmptyListCard } from '../../ui/empty-list-card';
import { formatDateTime } from '../../ui/format';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { useNow } from '../../ui/use-now';
import { usePackageFigures } from './use-package-figures';
import { PackageRow } from './package-row';

/** The packages once read: the billing that uses them, their figures, and each package. */
export function TrafficPackages({ data }: { data: OutputOf<'trafficPackageList'> }) {
  const { t } = useLingui();
  const billingModeText = useBillingModeText();
  const now = useNow(60_000);
  const { lists, billing_mode: billing, usage_until: until } = data;
  const { figures } = usePackageFigures(lists);
  const untilText = until ? formatDateTime(until) : '—';
  const columns: ListColumn[] = [
    { header: t({ id: 'package.col.type', message: 'Type' }), hideBelow: 'lg' },
    { header: t({ id: 'package.col.region', message: 'Region' }) },
    { header: t({ id: 'package.col.usage', message: 'Usage' }), minW: '160px' },
    { header: t({ id: 'package.col.effective', message: 'Effective' }) },
    { header: t({ id: 'package.col.expires', message: 'Expires' }) },
    { header: t({ id: 'package.col.status', message: 'Status' }) },
  ];

  return (
    <>
      {billing === 'bandwidth' ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            {t({
              id: 'package.billing.bandwidth',
              message:
                'Your account is billed by bandwidth: traffic packages cannot be used under bandwidth billing, and their traffic is not taken.',
            })}
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {figures.map((figure) => (
          <Card.Root key={figure.key} size="sm" variant="outline">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {figure.label}
              </Text>
              <Text fontSize="2xl" fontWeight="semibold" color={figure.color}>
                {figure.value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Text fontSize="sm">{billingModeText(data)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'package.usage.lag',
          message: `Usage is counted every hour and may lag: counted up to ${ph({ until: untilText })}.`,
        })}
      </Text>
      {lists.length === 0 ? (
        <EmptyListCard
          title={t({ id: 'package.list.empty', message: 'No traffic packages yet.' })}
          hint={t({
            id: 'package.list.emptyHint',
            message: 'Packages are bought through your account manager.',
          })}
        />
      ) : (
        <ListTable columns={columns} label={t({ id: 'package.list.table', message: 'Traffic packages' })}>
          {lists.map((p) => (
            <PackageRow key={p.id} item={p} now={now} />
          ))}
        </ListTable>
      )}
    </>
  );
}
