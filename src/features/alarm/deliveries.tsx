import { Badge, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AlarmEvent, DeliveryStatus } from '../../contract/alarm';
import { useCall } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { ListTable } from '../../ui/list-table';
import { channelLabels } from './labels';

const deliveryLabels: Record<DeliveryStatus, MessageDescriptor> = {
  pending: msg({ id: 'alarm.ui.delivery.pending', message: 'Waiting' }),
  sent: msg({ id: 'alarm.ui.delivery.sent', message: 'Sent' }),
  retrying: msg({ id: 'alarm.ui.delivery.retrying', message: 'Retrying' }),
  failed: msg({ id: 'alarm.ui.delivery.failed', message: 'Failed' }),
  notConfigured: msg({ id: 'alarm.ui.delivery.notConfigured', message: 'Not sent: channel not configured' }),
  quotaExceeded: msg({ id: 'alarm.ui.delivery.quotaExceeded', message: 'Not sent: SMS quota reached' }),
  noRecipient: msg({ id: 'alarm.ui.delivery.noRecipient', message: 'Not sent: no recipient' }),
};

/** The notices sent for an alarm, read when its row is opened. */
export function Deliveries({ event }: { event: AlarmEvent }) {
  const { t, i18n } = useLingui();
  const read = useCall('alarmDeliveries', { event_id: event.id });
  if (read.data === undefined)
    return (
      <Text fontSize="sm" color="fg.muted">
        {read.failed
          ? t({ id: 'alarm.ui.deliveries.failed', message: 'The delivery log could not be loaded.' })
          : t({ id: 'alarm.ui.deliveries.loading', message: 'Loading the delivery log…' })}
      </Text>
    );
  if (read.data.lists.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t({ id: 'alarm.ui.deliveries.none', message: 'No notification: the policy has no template.' })}
      </Text>
    );
  return (
    <ListTable
      inner
      label={t({ id: 'alarm.ui.deliveries.title', message: 'Delivery log' })}
      columns={[
        { header: t({ id: 'alarm.ui.deliveries.kind', message: 'Notice' }) },
        { header: t({ id: 'alarm.ui.deliveries.channel', message: 'Channel' }) },
        { header: t({ id: 'alarm.ui.deliveries.recipient', message: 'Recipient' }) },
        { header: t({ id: 'alarm.ui.deliveries.status', message: 'Result' }) },
        { header: t({ id: 'alarm.ui.deliveries.time', message: 'Time' }), hideBelow: 'lg' },
      ]}
    >
      {read.data.lists.map((d) => {
        const attempts = d.attempts;
        return (
          <Table.Row key={d.id} data-delivery={d.channel}>
            <Table.Cell>
              {d.kind === 'alarm'
                ? t({ id: 'alarm.ui.deliveries.alarm', message: 'Alarm' })
                : t({ id: 'alarm.ui.deliveries.restore', message: 'Restored' })}
            </Table.Cell>
            <Table.Cell>{i18n._(channelLabels[d.channel])}</Table.Cell>
            <Table.Cell maxW="240px">
              <Text truncate>{d.recipient || '—'}</Text>
            </Table.Cell>
            <Table.Cell>
              <Badge
                colorPalette={
                  d.status === 'sent'
                    ? 'green'
                    : d.status === 'pending' || d.status === 'retrying'
                      ? 'blue'
                      : 'orange'
                }
              >
                {i18n._(deliveryLabels[d.status])}
              </Badge>
              {d.error ? (
                <Text fontSize="xs" color="fg.muted">
                  {d.error}
                  {d.attempts > 1
                    ? ` · ${t({ id: 'alarm.ui.deliveries.attempts', message: plural(attempts, { one: '# attempt', other: '# attempts' }) })}`
                    : ''}
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell hideBelow="lg" whiteSpace="nowrap">
              {formatDateTime(d.sent_at ?? d.created_at)}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}
