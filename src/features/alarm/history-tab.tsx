import { HStack, Input, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useCall, useReadsStatus } from '../../sync/reads';
import { NeverReadCall } from '../../ui/never-read-call';
import { Pager } from '../../ui/pager';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { Empty } from './empty';
import { HistoryRow } from './history-row';
import { ListTable } from '../../ui/list-table';
import { OptionSelect } from '../../ui/option-select';

const pageSizes = [20, 50, 100] as const;
type PageSize = (typeof pageSizes)[number];

/** Alarm history (spec §3): time, monitor type, object, content, ongoing or restored, with each alarm's delivery log. */
export function HistoryTab() {
  const { t } = useLingui();
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
        <OptionSelect<typeof status>
          size="sm"
          w="auto"
          label={t({ id: 'alarm.ui.history.status', message: 'Status' })}
          value={status}
          options={[
            { value: '', label: t({ id: 'alarm.ui.history.all', message: 'All states' }) },
            { value: 'ongoing', label: t({ id: 'alarm.ui.status.ongoing', message: 'Ongoing' }) },
            { value: 'restored', label: t({ id: 'alarm.ui.status.restored', message: 'Restored' }) },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
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
          what={t({ id: 'alarm.ui.history.what', message: 'the alarm history' })}
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
        <ListTable
          label={t({ id: 'alarm.ui.history.table', message: 'Alarm history' })}
          nowrapHeaders
          columns={[
            { header: t({ id: 'alarm.ui.history.time', message: 'Time' }) },
            { header: t({ id: 'alarm.ui.col.name', message: 'Name' }) },
            { header: t({ id: 'alarm.ui.col.monitor', message: 'Object type' }), hideBelow: 'lg' },
            { header: t({ id: 'alarm.ui.history.object', message: 'Object' }) },
            { header: t({ id: 'alarm.ui.history.content', message: 'Content' }) },
            { header: t({ id: 'alarm.ui.history.status', message: 'Status' }) },
            { header: t({ id: 'alarm.ui.history.notices', message: 'Notices' }) },
          ]}
        >
          {lists.map((event) => (
            <HistoryRow
              key={event.id}
              event={event}
              open={open === event.id}
              onToggle={() => setOpen(open === event.id ? null : event.id)}
            />
          ))}
        </ListTable>
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
