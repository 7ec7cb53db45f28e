import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment, memo, useState } from 'react';
import { contentKinds, contentTaskStatuses } from '../../contract/rules/content';
import { formatDateTime } from '../../ui/format';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { ExpandButton } from '../../ui/expand-button';
import { FilterSelect } from '../../ui/filter-select';
import { pageOf } from '../../ui/page-of';
import { SearchInput } from '../../ui/search-input';
import { SearchPager } from '../../ui/search-pager';
import { contentText, kindLabels, queuedLabels, statusColors, statusLabels } from './content-messages';
import type { ContentRow } from './rows';
import { recordPageSizes, recordRanges, type ContentSearch } from './search';

export interface RecordsProps {
  rows: readonly ContentRow[];
  /** The rows the filters keep. */
  filtered: readonly ContentRow[];
  search: ContentSearch;
  onSearchChange(search: ContentSearch): void;
  keyword: string;
  onKeyword(text: string): void;
  onRetry(row: ContentRow): void;
}

/**
 * The records (spec §3 refresh record): each task with its kind, state, operator and times,
 * filtered by kind, state, time and a part of a URL; a task opens on its URLs and their states.
 */
export function Records({
  rows,
  filtered,
  search,
  onSearchChange,
  keyword,
  onKeyword,
  onRetry,
}: RecordsProps) {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const {
    page,
    pageCount,
    rows: shown,
  } = pageOf(filtered, search.page ?? 1, search.size ?? recordPageSizes[0]);
  const set = (change: Partial<ContentSearch>) => onSearchChange({ ...search, ...change, page: undefined });
  const toggle = (id: string) =>
    setOpened((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const count = filtered.length;
  const rangeLabels = {
    1: t({ id: 'content.range.day', message: 'Last 24 hours' }),
    7: t({ id: 'content.range.week', message: 'Last 7 days' }),
    30: t({ id: 'content.range.month', message: 'Last 30 days' }),
  };

  const columns: ListColumn[] = [
    { header: '', width: '1px' },
    { header: t({ id: 'content.col.submitted', message: 'Submitted' }) },
    { header: t({ id: 'content.col.kind', message: 'Type' }) },
    { header: t({ id: 'content.col.urls', message: 'URLs' }) },
    { header: t({ id: 'content.col.status', message: 'Status' }) },
    { header: t({ id: 'content.col.operator', message: 'Operator' }), hideBelow: 'lg' },
    { header: t({ id: 'content.col.finished', message: 'Finished' }), hideBelow: 'lg' },
    { header: t({ id: 'content.col.actions', message: 'Actions' }) },
  ];

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" wrap="wrap">
        <SearchInput
          maxW={{ md: '320px' }}
          value={keyword}
          onChange={onKeyword}
          label={t({ id: 'content.filter.keyword', message: 'Search by URL' })}
        />
        <HStack gap="3" wrap="wrap">
          <FilterSelect
            label={t({ id: 'content.filter.kind', message: 'Type' })}
            value={search.kind}
            all={t({ id: 'content.filter.allKinds', message: 'All types' })}
            options={contentKinds.map((kind) => ({ value: kind, label: i18n._(kindLabels[kind]) }))}
            onChange={(kind) => set({ kind })}
          />
          <FilterSelect
            label={t({ id: 'content.filter.status', message: 'Status' })}
            value={search.status}
            all={t({ id: 'content.filter.allStatuses', message: 'All statuses' })}
            options={contentTaskStatuses.map((status) => ({
              value: status,
              label: i18n._(statusLabels[status]),
            }))}
            onChange={(status) => set({ status })}
          />
          <FilterSelect
            label={t({ id: 'content.filter.range', message: 'Time' })}
            value={search.range ?? 7}
            options={recordRanges.map((range) => ({ value: range, label: rangeLabels[range] }))}
            onChange={(range) => set({ range })}
          />
        </HStack>
        <Text alignSelf={{ md: 'center' }} fontSize="sm" color="fg.muted" role="status">
          {t({ id: 'content.records.count', message: plural(count, { one: '# task', other: '# tasks' }) })}
        </Text>
      </Stack>

      {rows.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {t({ id: 'content.records.none', message: 'No refresh or prefetch tasks in the last 30 days.' })}
        </Text>
      ) : filtered.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {t({ id: 'content.records.noMatch', message: 'No task matches the filters.' })}
        </Text>
      ) : (
        <ListTable
          columns={columns}
          label={t({ id: 'content.records.table', message: 'Refresh and prefetch records' })}
        >
          {shown.map((row) => (
            <RecordRow key={row.id} row={row} open={opened.has(row.id)} onToggle={toggle} onRetry={onRetry} />
          ))}
        </ListTable>
      )}
      <SearchPager
        hiddenWhenShort
        search={search}
        onSearchChange={onSearchChange}
        total={filtered.length}
        page={page}
        pageCount={pageCount}
        sizes={recordPageSizes}
      />
    </Stack>
  );
}

/** One task, and under it (opened) its URLs with their states. */
const RecordRow = memo(function RecordRow({
  row,
  open,
  onToggle,
  onRetry,
}: {
  row: ContentRow;
  open: boolean;
  onToggle(id: string): void;
  onRetry(row: ContentRow): void;
}) {
  const { t, i18n } = useLingui();
  const { task } = row;
  const first = task.urls[0]?.url ?? '';
  const others = task.urls.length - 1;
  const total = task.urls.length;
  const done = row.counts.success;
  const failed = row.counts.failure;
  const canRetry = row.queued === null && task.status === 'failure';
  const detailsId = `content-task-${row.id}`;
  return (
    <Fragment>
      <Table.Row data-task={row.id}>
        <Table.Cell>
          <ExpandButton
            expanded={open}
            controls={detailsId}
            label={
              open
                ? t({ id: 'content.action.collapse', message: `Hide the URLs of ${ph({ url: first })}` })
                : t({ id: 'content.action.expand', message: `Show the URLs of ${ph({ url: first })}` })
            }
            onClick={() => onToggle(row.id)}
          />
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">{formatDateTime(row.submittedAt)}</Table.Cell>
        <Table.Cell whiteSpace="nowrap">{i18n._(kindLabels[task.kind])}</Table.Cell>
        <Table.Cell maxW={{ base: '200px', xl: '300px', '2xl': '420px' }}>
          <HStack gap="1">
            <Text truncate title={first} fontFamily="mono" fontSize="xs">
              {first}
            </Text>
            {others > 0 ? (
              <Text flexShrink={0} color="fg.muted" fontSize="xs">{`+${i18n.number(others)}`}</Text>
            ) : null}
          </HStack>
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          <Stack gap="1" align="flex-start">
            <HStack gap="1">
              <Badge colorPalette={statusColors[task.status]}>{i18n._(statusLabels[task.status])}</Badge>
              {row.queued ? (
                <Badge colorPalette={row.queued === 'queued' ? 'orange' : 'red'} variant="outline">
                  {i18n._(queuedLabels[row.queued])}
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {failed > 0
                ? t({
                    id: 'content.progress.failed',
                    message: `${ph({ done })} of ${ph({ total })} succeeded, ${ph({ failed })} failed`,
                  })
                : t({ id: 'content.progress', message: `${ph({ done })} of ${ph({ total })} succeeded` })}
            </Text>
            {row.rejection ? (
              <Text fontSize="xs" color="fg.error" whiteSpace="normal" maxW="260px">
                {row.rejection}
              </Text>
            ) : null}
          </Stack>
        </Table.Cell>
        <Table.Cell hideBelow="lg">{task.created_by || '—'}</Table.Cell>
        <Table.Cell hideBelow="lg" whiteSpace="nowrap">
          {task.finished_at ? formatDateTime(task.finished_at) : '—'}
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          {canRetry ? (
            <Button size="xs" variant="outline" onClick={() => onRetry(row)}>
              {t({ id: 'content.action.retry', message: 'Retry failed' })}
            </Button>
          ) : (
            <Text color="fg.muted">—</Text>
          )}
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row id={detailsId} bg="bg.subtle">
          <Table.Cell />
          <Table.Cell colSpan={7}>
            <Stack gap="2" py="1">
              {/* Narrow screens show the operator and the finish time here, their columns hidden. */}
              <Text fontSize="xs" color="fg.muted" hideFrom="lg">
                {t({
                  id: 'content.details.meta',
                  message: `Operator: ${ph({ operator: task.created_by || '—' })} · Finished: ${ph({ finished: task.finished_at ? formatDateTime(task.finished_at) : '—' })}`,
                })}
              </Text>
              <Box as="ul" listStyleType="none">
                {task.urls.map((url) => (
                  <Box as="li" key={url.url} py="1">
                    <HStack gap="3" align="flex-start">
                      <Badge flexShrink={0} colorPalette={statusColors[url.status]} size="sm">
                        {i18n._(statusLabels[url.status])}
                      </Badge>
                      <Stack gap="0" minW="0">
                        <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                          {url.url}
                        </Text>
                        {url.message_id ? (
                          <Text fontSize="xs" color="fg.error">
                            {contentText(i18n, url.message_id)}
                          </Text>
                        ) : null}
                      </Stack>
                    </HStack>
                  </Box>
                ))}
              </Box>
            </Stack>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </Fragment>
  );
});
