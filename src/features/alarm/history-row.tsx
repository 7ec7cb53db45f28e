import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AlarmEvent } from '../../contract/alarm';
import { formatDateTime } from '../../ui/format';
import { Deliveries } from './deliveries';
import { indicatorLabels, monitorLabels } from './labels';

/** An alarm of the history; opened, its delivery log under it. */
export function HistoryRow({
  event,
  open,
  onToggle,
}: {
  event: AlarmEvent;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useLingui();
  const sent = event.deliveries.sent ?? 0;
  const all = Object.values(event.deliveries).reduce((a, b) => a + b, 0);
  return (
    <>
      <Table.Row data-event={event.id} data-status={event.status}>
        <Table.Cell whiteSpace="nowrap">
          {formatDateTime(event.started_at)}
          {event.restored_at ? (
            <Text fontSize="xs" color="fg.muted">
              {t({
                id: 'alarm.ui.history.restoredAt',
                message: `Restored ${ph({ time: formatDateTime(event.restored_at) })}`,
              })}
            </Text>
          ) : null}
        </Table.Cell>
        <Table.Cell>{event.policy_name}</Table.Cell>
        <Table.Cell hideBelow="lg">{i18n._(monitorLabels[event.monitor_type])}</Table.Cell>
        <Table.Cell>{event.object || i18n._(monitorLabels.account)}</Table.Cell>
        <Table.Cell>
          {event.content.map((c, i) => (
            <Text key={i} fontSize="sm" whiteSpace="nowrap">
              {i18n._(indicatorLabels[c.indicator])} {i18n.number(c.value)} {c.operator === 'gt' ? '>' : '<'}{' '}
              {i18n.number(c.threshold)}
            </Text>
          ))}
        </Table.Cell>
        <Table.Cell>
          <Badge colorPalette={event.status === 'ongoing' ? 'red' : 'green'}>
            {event.status === 'ongoing'
              ? t({ id: 'alarm.ui.status.ongoing', message: 'Ongoing' })
              : t({ id: 'alarm.ui.status.restored', message: 'Restored' })}
          </Badge>
        </Table.Cell>
        <Table.Cell>
          <Button size="xs" variant="ghost" aria-expanded={open} onClick={onToggle}>
            {all === 0
              ? t({ id: 'alarm.ui.history.noNotices', message: 'None' })
              : t({ id: 'alarm.ui.history.sentOf', message: `${sent} of ${all} sent` })}
          </Button>
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row>
          <Table.Cell colSpan={7} bg="bg.subtle">
            <Deliveries event={event} />
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}
