import { Badge, Box, Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import type { AlarmEvent, DeliveryStatus } from '../../contract/alarm';
import { useCall, useReadsStatus } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { NeverReadCall } from '../../ui/never-read-call';
import { Pager } from '../../ui/pager';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { Empty, indicatorLabels, monitorLabels } from './shared';
import { channelLabels } from './templates-tab';

const deliveryLabels: Record<DeliveryStatus, MessageDescriptor> = {
  pending: msg({ id: 'alarm.ui.delivery.pending', message: 'Waiting' }),
  sent: msg({ id: 'alarm.ui.delivery.sent', message: 'Sent' }),
  retrying: msg({ id: 'alarm.ui.delivery.retrying', message: 'Retrying' }),
  failed: msg({ id: 'alarm.ui.delivery.failed', message: 'Failed' }),
  notConfigured: msg({ id: 'alarm.ui.delivery.notConfigured', message: 'Not sent: channel not configured' }),
  quotaExceeded: msg({ id: 'alarm.ui.delivery.quotaExceeded', message: 'Not sent: SMS quota reached' }),
  noRecipient: msg({ id: 'alarm.ui.delivery.noRecipient', message: 'Not sent: no recipient' }),
};

function Deliveries({ event }: { event: AlarmEvent }) {
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
    <Table.Root
      size="sm"
      variant="outline"
      aria-label={t({ id: 'alarm.ui.deliveries.title', message: 'Delivery log' })}
    >
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t({ id: 'alarm.ui.deliveries.kind', message: 'Notice' })}</Table.ColumnHeader>
          <Table.ColumnHeader>
            {t({ id: 'alarm.ui.deliveries.channel', message: 'Channel' })}
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            {t({ id: 'alarm.ui.deliveries.recipient', message: 'Recipient' })}
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            {t({ id: 'alarm.ui.deliveries.status', message: 'Result' })}
          </Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="lg">
            {t({ id: 'alarm.ui.deliveries.time', message: 'Time' })}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
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
      </Table.Body>
    </Table.Root>
  );
}

const pageSizes = [20, 50, 100] as const;
type PageSize = (typeof pageSizes)[number];

/** Alarm history (spec §3): time, monitor type, object, content, ongoing or restored, with each alarm's delivery log. */
function HistoryBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const [status, setStatus] = useState<'' | 'ongoing' | 'restored'>('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(20);
  const [open, setOpen] = useState<string | null>(null);
  const read = useCall(
    'alarmHistory',
    {
      page,
      page_size: pageSize,
      ...(status ? { status } : {}),
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    },
    { refetchInterval: online ? 60_000 : false },
  );
  const filters = (
    <HStack gap="2" flexWrap="wrap" justify="space-between">
      <HStack gap="2" flexWrap="wrap">
        <NativeSelect.Root size="sm" w="auto">
          <NativeSelect.Field
            aria-label={t({ id: 'alarm.ui.history.status', message: 'Status' })}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as typeof status);
              setPage(1);
            }}
          >
            <option value="">{t({ id: 'alarm.ui.history.all', message: 'All states' })}</option>
            <option value="ongoing">{t({ id: 'alarm.ui.status.ongoing', message: 'Ongoing' })}</option>
            <option value="restored">{t({ id: 'alarm.ui.status.restored', message: 'Restored' })}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          w="240px"
          placeholder={t({ id: 'alarm.ui.history.keyword', message: 'Policy or domain' })}
          aria-label={t({ id: 'alarm.ui.history.keyword', message: 'Policy or domain' })}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
        />
      </HStack>
      <StoredListStatus list={reads} />
    </HStack>
  );
  if (read.data === undefined)
    return (
      <Stack gap="3">
        {filters}
        <NeverReadCall
          reads={reads}
          failed={read.failed}
          error={read.error}
          loading={t({ id: 'alarm.ui.history.loading', message: 'Loading the alarm history…' })}
          failedTitle={t({
            id: 'alarm.ui.history.failed',
            message: 'The alarm history could not be loaded.',
          })}
          offlineTitle={t({
            id: 'alarm.ui.history.offlineTitle',
            message: 'This alarm history has not been loaded on this device yet.',
          })}
          offlineHint={t({
            id: 'alarm.ui.history.offlineHint',
            message: 'Connect to the internet once to load it; it is then kept for offline use.',
          })}
        />
      </Stack>
    );
  const { lists, total } = read.data;
  return (
    <Stack gap="3">
      {filters}
      {lists.length === 0 ? (
        <Empty>{t({ id: 'alarm.ui.history.none', message: 'No alarms.' })}</Empty>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t({ id: 'alarm.ui.history.table', message: 'Alarm history' })}>
            <Table.Header>
              <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
                <Table.ColumnHeader>{t({ id: 'alarm.ui.history.time', message: 'Time' })}</Table.ColumnHeader>
                <Table.ColumnHeader>{t({ id: 'alarm.ui.col.name', message: 'Name' })}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">
                  {t({ id: 'alarm.ui.col.monitor', message: 'Object type' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.history.object', message: 'Object' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.history.content', message: 'Content' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.history.status', message: 'Status' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.history.notices', message: 'Notices' })}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lists.map((event) => {
                const sent = event.deliveries.sent ?? 0;
                const all = Object.values(event.deliveries).reduce((a, b) => a + b, 0);
                return (
                  <Fragment key={event.id}>
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
                            {i18n._(indicatorLabels[c.indicator])} {i18n.number(c.value)}{' '}
                            {c.operator === 'gt' ? '>' : '<'} {i18n.number(c.threshold)}
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
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-expanded={open === event.id}
                          onClick={() => setOpen(open === event.id ? null : event.id)}
                        >
                          {all === 0
                            ? t({ id: 'alarm.ui.history.noNotices', message: 'None' })
                            : t({ id: 'alarm.ui.history.sentOf', message: `${sent} of ${all} sent` })}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                    {open === event.id ? (
                      <Table.Row>
                        <Table.Cell colSpan={7} bg="bg.subtle">
                          <Deliveries event={event} />
                        </Table.Cell>
                      </Table.Row>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Pager
        total={total}
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        sizes={pageSizes}
        size={pageSize}
        onPage={setPage}
        onSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}

export const HistoryTab = HistoryBody;
