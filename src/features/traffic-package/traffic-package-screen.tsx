import { Alert, Badge, Card, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OutputOf } from '../../contract';
import type { PackageRegion, PackageStatus, TrafficPackage } from '../../contract/traffic-package';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { useBillingModeText } from '../../ui/billing-mode';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/list-page';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { UsageBar } from '../../ui/usage-bar';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { flowText } from './flow';
import { usePackageFigures } from './use-package-figures';

const regionLabels: Record<PackageRegion, MessageDescriptor> = {
  mainland: msg({ id: 'package.region.mainland', message: 'Chinese mainland' }),
  overseas: msg({ id: 'package.region.overseas', message: 'Outside the Chinese mainland' }),
  global: msg({ id: 'package.region.global', message: 'Global' }),
};

const statusLabels: Record<PackageStatus, MessageDescriptor> = {
  notEffective: msg({ id: 'package.status.notEffective', message: 'Not yet in effect' }),
  active: msg({ id: 'package.status.active', message: 'In effect' }),
  usedUp: msg({ id: 'package.status.usedUp', message: 'Used up' }),
  expired: msg({ id: 'package.status.expired', message: 'Expired' }),
};

const statusColors: Record<PackageStatus, string> = {
  notEffective: 'blue',
  active: 'green',
  usedUp: 'gray',
  expired: 'gray',
};

/**
 * Traffic packages (spec §2 /cdn/traffic-package, §3, §9): each package's type, region, usage,
 * effective and expiry times and state; "expiring soon" under 5 days; not usable under bandwidth
 * billing; the usage counted hourly, so it may lag (the time it is counted to is shown).
 */
function TrafficPackageBody() {
  const { t } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const read = useCall('trafficPackageList', undefined);
  return (
    <ListPage
      title={t({ id: 'package.screen.title', message: 'Traffic packages' })}
      intro={t({
        id: 'package.screen.intro',
        message:
          'Traffic bought in advance: each hour’s traffic is taken from the package of its region that expires first.',
      })}
      reads={reads}
      read={read}
      neverRead={{
        loading: t({ id: 'package.list.loading', message: 'Loading the traffic packages…' }),
        failedTitle: t({ id: 'package.list.failed', message: 'The traffic packages could not be loaded.' }),
        offlineTitle: t({
          id: 'package.list.offlineTitle',
          message: 'The traffic packages have not been loaded on this device yet.',
        }),
        offlineHint: t({
          id: 'package.list.offlineHint',
          message: 'Connect to the internet once to load them; they are then kept for offline use.',
        }),
      }}
    >
      {(data) => <TrafficPackages data={data} />}
    </ListPage>
  );
}

/** The packages once read: the billing that uses them, their figures, and each package. */
function TrafficPackages({ data }: { data: OutputOf<'trafficPackageList'> }) {
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
        <Card.Root variant="outline">
          <Card.Body>
            <Text textAlign="center" color="fg.muted" py="6">
              {t({
                id: 'package.list.none',
                message: 'No traffic packages yet. Packages are bought through your account manager.',
              })}
            </Text>
          </Card.Body>
        </Card.Root>
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

function PackageRow({ item, now }: { item: TrafficPackage; now: number }) {
  const { t, i18n } = useLingui();
  const share = item.total_bytes > 0 ? Math.min(100, (item.used_bytes / item.total_bytes) * 100) : 0;
  const percent = i18n.number(share / 100, { style: 'percent', maximumFractionDigits: 1 });
  const used = flowText(item.used_bytes, i18n.locale);
  const total = flowText(item.total_bytes, i18n.locale);
  const daysLeft = Math.max(0, Math.ceil((Date.parse(item.expires_at) - now) / 86_400_000));
  return (
    <Table.Row data-package={item.id}>
      <Table.Cell whiteSpace="nowrap" hideBelow="lg">
        {t({ id: 'package.type.flow', message: 'Traffic package' })}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{i18n._(regionLabels[item.region])}</Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <UsageBar value={share} palette={share >= 90 ? 'orange' : 'blue'} label={percent} />
          <Text fontSize="xs" color="fg.muted">
            {t({
              id: 'package.usage',
              message: `${ph({ used })} of ${ph({ total })} used (${ph({ percent })})`,
            })}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(item.effective_at)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Stack gap="0">
          <Text>{formatDateTime(item.expires_at)}</Text>
          {item.expiring_soon ? (
            <Text fontSize="xs" color="fg.error" fontWeight="semibold">
              {t({
                id: 'package.expiringSoon',
                message: plural(daysLeft, {
                  one: 'Expiring soon: # day left',
                  other: 'Expiring soon: # days left',
                }),
              })}
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <HStack>
          <Badge colorPalette={statusColors[item.status]}>{i18n._(statusLabels[item.status])}</Badge>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

export const TrafficPackageScreen = withReads(TrafficPackageBody, useReadAccounts);
