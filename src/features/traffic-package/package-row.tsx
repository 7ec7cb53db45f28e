import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PackageRegion, PackageStatus, TrafficPackage } from '../../contract/traffic-package';
import { formatDateTime } from '../../ui/format';
import { UsageBar } from '../../ui/usage-bar';
import { flowText } from './flow';

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

export function PackageRow({ item, now }: { item: TrafficPackage; now: number }) {
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
      <Table.Cell>{i18n._(regionLabels[item.region])}</Table.Cell>
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
