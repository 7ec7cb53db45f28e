import { HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { contentKinds, contentTaskStatuses } from '../../contract/rules/content';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { FilterSelect } from '../../ui/filter-select';
import { pageOf } from '../../ui/page-of';
import { SearchInput } from '../../ui/search-input';
import { SearchPager } from '../../ui/search-pager';
import { kindLabels, statusLabels } from './content-messages';
import { RecordRow } from './record-row';
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
  const { rows: shown } = pageOf(filtered, search.page ?? 1, search.size ?? recordPageSizes[0]);
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
        sizes={recordPageSizes}
      />
    </Stack>
  );
}
