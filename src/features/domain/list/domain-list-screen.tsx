import {
  Box,
  Button,
  Card,
  CloseButton,
  Drawer,
  Flex,
  Heading,
  HStack,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Store } from '../../../store';
import { usePull } from '../../../sync/pull';
import { useSyncAvailability, useSyncRuntime } from '../../../sync/react';
import { dictLabel, useAppState } from '../../../ui/app-state';
import { formatDateTime } from '../../../ui/format';
import { notify } from '../../../ui/toaster';
import { EmptyList } from '../../../ui/empty-list';
import { SearchInput } from '../../../ui/search-input';
import { storedList } from '../../../ui/stored-list';
import { StoredListPage } from '../../../ui/stored-list-page';
import { useOnline } from '../../../ui/use-online';
import { useSelection } from '../../../ui/use-selection';
import { BulkBar } from '../bulk/bulk-bar';
import { BulkConfirmDialog } from '../bulk/bulk-confirm-dialog';
import type { BulkAction, BulkRequest } from '../bulk/bulk-job';
import { BulkResultsDialog } from '../bulk/bulk-results-dialog';
import { useBulkJob } from '../bulk/use-bulk-job';
import { copyMessages, copyText } from '../../../ui/copy-text';
import { useNow } from '../../../ui/use-now';
import { CertAlerts, useCertAlerts } from './expiring-certs';
import { saveFailureMessage, statusLabels } from '../domain-messages';
import { GroupSidebar } from '../groups/group-sidebar';
import { useGroupEditor } from '../groups/use-group-editor';
import { useLifecycle } from '../lifecycle/use-lifecycle';
import { pullDomains } from '../pull';
import { countByGroup, viewOf, type DomainRow } from '../rows';
import { filtersActive, parseDomainListSearch, type DomainListSearch } from '../search';
import { useDomainData } from '../use-domains';
import { DomainTable } from './domain-table';
import type { RowAction } from './domain-table-row';
import {
  csvFileName,
  domainCsv,
  downloadText,
  exportColumns,
  exportSlice,
  exportRowsMax,
} from './export-csv';
import { activeFilterCount, FilterBar } from './filter-bar';
import { columnLabels, exportTexts, listTexts } from './list-messages';
import { useMirroredText } from '../../../ui/use-mirrored-text';

export interface DomainListScreenProps {
  search: DomainListSearch;
  onSearchChange(next: DomainListSearch): void;
}

/** Stable for `usePull`: the whole list is kept on the device and brought up to date. */
const pullAll = (store: Store) => pullDomains(store);

const normalizeKeyword = (text: string) => (text.trim() === '' ? '' : text.slice(0, 100));
const createHref = '#/cdn/domain/create';

/**
 * The domain list (spec §2 /cdn/domain/list): every domain of the account as stored on this
 * device with the pending edits folded over it, filtered and sorted as the address says, so a
 * link opens the same view and the list works offline. Lifecycle actions, group edits and bulk
 * actions are commands queued in the outbox.
 */
export function DomainListScreen({ search, onSearchChange }: DomainListScreenProps) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const availability = useSyncAvailability();
  const online = useOnline();
  const { dict } = useAppState();
  const data = useDomainData();
  const refresh = usePull(runtime, online, pullAll);
  const lifecycle = useLifecycle();
  const bulk = useBulkJob(runtime, data);
  const certAlerts = useCertAlerts(useNow(60_000));

  const { selected, select: onSelect, selectMany, clear: clearSelection } = useSelection();
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [resultsOpen, setResultsOpen] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);

  // The address as last rendered, for callbacks that stay the same from one keystroke to the next
  // (the filters and the groups then do not render again while typing).
  const latest = useRef({ search, onSearchChange });
  useLayoutEffect(() => {
    latest.current = { search, onSearchChange };
  });
  const update = useCallback((change: Partial<DomainListSearch>) => {
    const { search: current, onSearchChange: navigate } = latest.current;
    navigate(parseDomainListSearch({ ...current, ...change }));
  }, []);
  const [keyword, setKeyword] = useMirroredText(
    search.keyword ?? '',
    (text) => update({ keyword: text }),
    normalizeKeyword,
  );
  const clearFilters = useCallback(() => {
    const { search: current, onSearchChange: navigate } = latest.current;
    navigate(current.sort ? { sort: current.sort } : {});
  }, []);
  const selectGroup = useCallback((group: string | undefined) => update({ group }), [update]);
  const openGroups = useCallback(() => setGroupsOpen(true), []);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const groups = useMemo(() => data?.groups ?? [], [data]);
  // Sorted once per change of the data or the sort; a keystroke then only filters the sorted rows
  // (re-sorting rows already in order is linear).
  const sorted = useMemo(() => viewOf(rows, { sort: search.sort }), [rows, search.sort]);
  const view = useMemo(() => viewOf(sorted, search), [sorted, search]);
  const counts = useMemo(() => countByGroup(rows), [rows]);
  const chosen = useMemo(
    () => (selected.size === 0 ? [] : view.filter((row) => selected.has(row.id))),
    [view, selected],
  );
  const chosenIds = useMemo(() => chosen.map((row) => row.id), [chosen]);

  const groupEditor = useGroupEditor({
    runtime,
    groups,
    counts,
    onDeleted: (id) => {
      if (latest.current.search.group === id) update({ group: undefined });
    },
  });

  // The row callbacks stay the same across renders, so the rows in sight re-render only when theirs change.
  const start = useRef(lifecycle.start);
  useEffect(() => {
    start.current = lifecycle.start;
  });
  const onAction = useCallback((action: RowAction, row: DomainRow) => start.current(action, row.entry), []);
  const onCopyCname = useCallback(
    (row: DomainRow) =>
      void copyText(row.entry.cname, {
        ok: i18n._(copyMessages.copied),
        failed: i18n._(copyMessages.copyFailed),
      }),
    [i18n],
  );
  const onSelectAll = useCallback(
    (on: boolean) =>
      selectMany(
        view.map((row) => row.id),
        on,
      ),
    [view, selectMany],
  );

  const runBulk = async (request: BulkRequest) => {
    setConfirming(null);
    try {
      const job = await bulk.start(request, chosenIds);
      const count = job.items.filter((item) => item.skipped === null).length;
      notify(
        'success',
        navigator.onLine
          ? t({
              id: 'domain.bulk.queuedOnline',
              message: plural(count, { one: '# change submitted.', other: '# changes submitted.' }),
            })
          : t({
              id: 'domain.bulk.queuedOffline',
              message: plural(count, {
                one: '# change saved on this device; it runs when you are back online.',
                other: '# changes saved on this device; they run when you are back online.',
              }),
            }),
      );
      clearSelection();
      setResultsOpen(true);
    } catch (error) {
      notify('error', i18n._(saveFailureMessage(error)));
    }
  };

  const exportView = () => {
    if (rows.length === 0) return notify('warning', i18n._(exportTexts.none));
    if (view.length === 0) return notify('warning', i18n._(exportTexts.noMatch));
    const taken = exportSlice(view);
    const columns = Object.fromEntries(exportColumns.map((c) => [c, i18n._(columnLabels[c])])) as Record<
      (typeof exportColumns)[number],
      string
    >;
    const csv = domainCsv(taken.rows, {
      columns,
      status: (status) => i18n._(statusLabels[status]),
      type: (code) => dictLabel(dict, 'service_type', code),
      area: (code) => dictLabel(dict, 'area', code),
      noGroup: i18n._(listTexts.noGroup),
      moreOrigins: (count) => t({ id: 'domain.list.moreOrigins', message: `+${count} more` }),
      time: (ms) => formatDateTime(ms),
    });
    downloadText(csvFileName(new Date()), csv);
    const max = i18n.number(exportRowsMax);
    const count = i18n.number(taken.rows.length);
    // Descriptors with their values (the extractor would read a literal argument of `_()` as a message).
    const limited: MessageDescriptor = { ...exportTexts.limited, values: { max } };
    const done: MessageDescriptor = { ...exportTexts.done, values: { count } };
    notify(taken.truncated ? 'warning' : 'success', i18n._(taken.truncated ? limited : done));
  };

  const stored = storedList(data?.read, rows.length, online, refresh);
  const { neverRead } = stored;
  const total = rows.length;
  const shown = view.length;
  const filtered = filtersActive(search);
  const shownText = i18n.number(shown);
  const { done: jobDone, queued: jobQueued } = bulk.summary;

  const createButton = (
    <Button asChild colorPalette="blue" size="sm">
      <a href={createHref}>{t({ id: 'domain.list.create', message: 'Create domain' })}</a>
    </Button>
  );

  const sidebar = (onChosen?: () => void) => (
    <GroupSidebar
      groups={groups}
      counts={counts}
      total={total}
      current={search.group}
      onSelect={selectGroup}
      onCreate={groupEditor.create}
      onRename={groupEditor.rename}
      onRemove={groupEditor.remove}
      canEdit={runtime !== null}
      onChosen={onChosen}
    />
  );

  return (
    <StoredListPage
      data={data}
      list={stored}
      storageUnavailable={!runtime && availability === 'unavailable'}
      title={t({ id: 'domain.list.title', message: 'Domain list' })}
      maxW="1680px"
      summary={
        neverRead ? null : (
          <Text color="fg.muted" fontSize="sm" role="status">
            {filtered
              ? t({
                  id: 'domain.list.shownOfTotal',
                  message: plural(total, {
                    one: `Showing ${shownText} of # domain`,
                    other: `Showing ${shownText} of # domains`,
                  }),
                })
              : t({
                  id: 'domain.list.total',
                  message: plural(total, { one: '# domain', other: '# domains' }),
                })}
          </Text>
        )
      }
      actions={
        <>
          <Button variant="outline" size="sm" onClick={exportView} disabled={neverRead}>
            {t({ id: 'domain.list.export', message: 'Export' })}
          </Button>
          {createButton}
        </>
      }
      what={t({ id: 'domain.list.what', message: 'the domain list' })}
      offlineHint={t({
        id: 'domain.list.empty.offlineHint',
        message: 'It loads as soon as you are back online, and is then kept for offline use.',
      })}
      dialogs={
        <>
          {groupsOpen ? (
            <Drawer.Root open onOpenChange={(e) => setGroupsOpen(e.open)} placement="end">
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content maxW="320px">
                    <Drawer.Header>
                      <Drawer.Title>
                        {t({ id: 'domain.list.manageGroups', message: 'Manage groups' })}
                      </Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body>{sidebar(() => setGroupsOpen(false))}</Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton
                        size="sm"
                        aria-label={t({ id: 'domain.list.closeGroups', message: 'Close' })}
                      />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
          ) : null}

          {confirming && data ? (
            <BulkConfirmDialog
              action={confirming}
              ids={chosenIds}
              projected={data.projected}
              groups={groups}
              online={online}
              onConfirm={(request) => void runBulk(request)}
              onCancel={() => setConfirming(null)}
            />
          ) : null}
          {bulk.job && resultsOpen ? (
            <BulkResultsDialog
              job={bulk.job}
              results={bulk.results}
              summary={bulk.summary}
              online={online}
              onRetry={bulk.retryFailed}
              onClose={() => setResultsOpen(false)}
            />
          ) : null}
          {groupEditor.dialog}
          {lifecycle.dialog}
        </>
      }
    >
      {() => (
        <Flex gap="4" align="flex-start">
          <Card.Root
            as="aside"
            w="208px"
            flexShrink={0}
            hideBelow="lg"
            position="sticky"
            top="72px"
            maxH="calc(100vh - 96px)"
            overflowY="auto"
          >
            <Card.Body p="3">{sidebar()}</Card.Body>
          </Card.Root>
          <Card.Root as="section" flex="1" minW="0" aria-labelledby="domain-list-title">
            <Card.Body px={{ base: '3', lg: '4' }} py="4">
              <Stack gap="3">
                <Heading as="h2" id="domain-list-title" srOnly>
                  {t({ id: 'domain.list.table.label', message: 'Domain list' })}
                </Heading>
                <SearchInput
                  maxW={{ md: '360px' }}
                  value={keyword}
                  onChange={setKeyword}
                  label={t({ id: 'domain.list.search', message: 'Search domains' })}
                  placeholder={t({ id: 'domain.list.searchPlaceholder', message: 'Search by domain' })}
                />
                <FilterBar
                  status={search.status}
                  group={search.group}
                  type={search.type}
                  area={search.area}
                  sort={search.sort}
                  activeCount={activeFilterCount(search)}
                  groups={groups}
                  counts={counts}
                  total={total}
                  onChange={update}
                  onClearFilters={clearFilters}
                  onManageGroups={openGroups}
                />
                {chosen.length > 0 ? (
                  <BulkBar
                    count={chosen.length}
                    onAction={setConfirming}
                    onClear={clearSelection}
                    canRun={runtime !== null}
                  />
                ) : null}
                {bulk.job && !resultsOpen ? (
                  <HStack gap="2" fontSize="sm">
                    <Text color="fg.muted">
                      {t({
                        id: 'domain.bulk.jobStatus',
                        message: `Bulk action: ${jobDone} of ${jobQueued} done`,
                      })}
                    </Text>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="blue"
                      onClick={() => setResultsOpen(true)}
                    >
                      {t({ id: 'domain.bulk.showResults', message: 'Show results' })}
                    </Button>
                    <Button size="xs" variant="ghost" onClick={bulk.dismiss}>
                      {t({ id: 'domain.bulk.dismiss', message: 'Close' })}
                    </Button>
                  </HStack>
                ) : null}
                {total === 0 ? (
                  <EmptyList
                    py="16"
                    title={t({ id: 'domain.list.empty.noneTitle', message: 'No accelerated domain yet.' })}
                    hint={t({
                      id: 'domain.list.empty.noneHint',
                      message: 'Add a domain and point its DNS to the CNAME to start accelerating it.',
                    })}
                  >
                    <Box mt="2">{createButton}</Box>
                  </EmptyList>
                ) : shown === 0 ? (
                  <EmptyList
                    py="16"
                    title={t({
                      id: 'domain.list.empty.noMatch',
                      message: 'No domain matches the search and filters.',
                    })}
                  >
                    <Button size="sm" variant="outline" onClick={clearFilters}>
                      {t({ id: 'domain.list.clearFilters', message: 'Clear filters' })}
                    </Button>
                  </EmptyList>
                ) : (
                  <CertAlerts.Provider value={certAlerts}>
                    <DomainTable
                      rows={view}
                      selected={selected}
                      selectedInView={chosen.length}
                      onSelectAll={onSelectAll}
                      onSelect={onSelect}
                      onAction={onAction}
                      onCopyCname={onCopyCname}
                    />
                  </CertAlerts.Provider>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        </Flex>
      )}
    </StoredListPage>
  );
}
