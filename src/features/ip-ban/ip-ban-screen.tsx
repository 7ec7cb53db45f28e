import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { limits } from '../../contract/limits';
import { StoreFullError, type NewCommand } from '../../store';
import { useSyncAvailability, useSyncRuntime } from '../../sync/react';
import { useAppState } from '../../ui/app-state';
import { EmptyList } from '../../ui/empty-list';
import { FilterSelect } from '../../ui/filter-select';
import { pageOf } from '../../ui/page-of';
import { SearchInput } from '../../ui/search-input';
import { SearchPager } from '../../ui/search-pager';
import { SelectionBar } from '../../ui/selection-bar';
import { isFirstRead, storedList } from '../../ui/stored-list';
import { StoredListPage } from '../../ui/stored-list-page';
import { queuedSave, type QueuedSaid } from '../../ui/queued-save';
import { checkBanText, indexInForce } from './ban-check';
import { BanDialog, type BanDraft } from './ban-dialog';
import { banCommand, enqueueAll, unbanCommand, updateCommand } from './commands';
import { ConfirmationDialog, type Confirmation } from './confirmation-dialog';
import { EditDialog } from './edit-dialog';
import { noExpiry } from './expiry';
import { ruleText } from './ip-ban-messages';
import { IpBanTable } from './ip-ban-table';
import { LookupCard } from './lookup-card';
import { filterRows, inForceEntries, selectable, sortRows, type IpBanRow } from './rows';
import { ipBanListSorts, ipBanPageSizes, type IpBanListSort, type IpBanSearch } from './search';
import { useIpBanList } from './use-ip-ban-list';
import { useIpBanPull } from './use-ip-ban-pull';
import { useMirroredText } from '../../ui/use-mirrored-text';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { useSelection } from '../../ui/use-selection';

export interface IpBanScreenProps {
  search: IpBanSearch;
  onSearchChange: (search: IpBanSearch) => void;
}

const emptyDraft: BanDraft = { lines: '', reason: '', expiry: noExpiry };

/** Drops the values that are the defaults, so that the address stays short. */
function cleanSearch(search: IpBanSearch): IpBanSearch {
  const result: IpBanSearch = {};
  if (search.keyword && search.keyword.trim() !== '') result.keyword = search.keyword.slice(0, 64);
  if (search.status) result.status = search.status;
  if (search.family) result.family = search.family;
  if (search.sort && search.sort !== 'newest') result.sort = search.sort;
  if (search.page && search.page > 1) result.page = search.page;
  if (search.size && search.size !== 20) result.size = search.size;
  return result;
}

const normalizeKeyword = (text: string) => (text.trim() === '' ? '' : text.slice(0, 64));

/**
 * IP blocking (spec §2 /cdn/ip-ban, §4 ban or unban): the ban list of the account as stored on
 * this device with the pending edits folded over it, so that it works offline and shows an edit
 * at once; bans, unbans and changes are commands queued in the outbox, never direct calls.
 */
export function IpBanScreen({ search, onSearchChange }: IpBanScreenProps) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const availability = useSyncAvailability();
  const online = useOnline();
  const now = useNow(30_000);
  const list = useIpBanList(now);
  const refresh = useIpBanPull(runtime, online);
  const login = useAppState().loginInfo?.login ?? null;

  const { selected, select: onSelect, selectMany, clear: clearSelection } = useSelection();
  // A link may open the ban dialog (`?ban=1`); the address is then left as the list's own.
  const opened = search.ban === 1;
  const [banOpen, setBanOpen] = useState(opened);
  useEffect(() => {
    if (opened) onSearchChange(cleanSearch(search));
  }, [opened, search, onSearchChange]);
  const [draft, setDraft] = useState<BanDraft>(emptyDraft);
  const [editing, setEditing] = useState<IpBanRow | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const update = useCallback(
    (change: Partial<IpBanSearch>) =>
      onSearchChange(cleanSearch({ ...search, ...change, page: change.page })),
    [search, onSearchChange],
  );
  const [keyword, setKeyword] = useMirroredText(
    search.keyword ?? '',
    (text) => update({ keyword: text }),
    normalizeKeyword,
  );

  const rows = useMemo(() => list?.rows ?? [], [list]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const inForce = useMemo(() => inForceEntries(rows), [rows]);
  const index = useMemo(() => indexInForce(inForce), [inForce]);
  const filtered = useMemo(() => sortRows(filterRows(rows, search), search.sort ?? 'newest'), [rows, search]);
  const size = search.size ?? 20;
  const { rows: pageRows } = useMemo(
    () => pageOf(filtered, search.page ?? 1, size),
    [filtered, search.page, size],
  );
  const chosen = [...selected].filter((id) => {
    const row = byId.get(id);
    return row !== undefined && selectable(row);
  });

  /** Queues the commands; says what happened. Resolves with how many were saved. */
  const run = useCallback(
    async (commands: NewCommand[], said: QueuedSaid): Promise<number> => {
      if (!runtime) return 0;
      // Saved all together or not at all: when nothing was queued, the form keeps everything.
      const saved = await queuedSave(
        () => enqueueAll(runtime, commands),
        said,
        (error) =>
          error instanceof StoreFullError
            ? t({
                id: 'ipBan.save.storageFull',
                message:
                  "This device's storage is full, so the change was not saved. Free some space and try again.",
              })
            : t({
                id: 'ipBan.save.failed',
                message: 'The change could not be saved on this device. Please try again.',
              }),
      );
      return saved ? commands.length : 0;
    },
    [runtime, t],
  );

  const banSaid = useCallback(
    (count: number) => ({
      online: t({
        id: 'ipBan.save.bannedOnline',
        message: plural(count, { one: '# ban submitted.', other: '# bans submitted.' }),
      }),
      offline: t({
        id: 'ipBan.save.bannedOffline',
        message: plural(count, {
          one: '# ban saved on this device; it will be sent when you are back online.',
          other: '# bans saved on this device; they will be sent when you are back online.',
        }),
      }),
    }),
    [t],
  );

  const submitBan = useCallback(
    async (ranges: string[], reason: string, expiresAt: string | null) => {
      const count = ranges.length;
      const saved = await run(
        ranges.map((cidr) => banCommand({ cidr, reason, expires_at: expiresAt })),
        banSaid(count),
      );
      if (saved === count) {
        setDraft(emptyDraft);
        setBanOpen(false);
        return true;
      }
      // What was saved is queued; the rest stays in the form to try again.
      const left = ranges.slice(saved);
      setDraft((d) => ({ ...d, lines: left.join('\n') }));
      return false;
    },
    [run, banSaid],
  );

  const unban = useCallback(
    async (ids: string[]) => {
      const count = ids.length;
      const saved = await run(
        ids.map((cidr) => unbanCommand({ cidr })),
        {
          online: t({
            id: 'ipBan.save.unbannedOnline',
            message: plural(count, { one: '# unban submitted.', other: '# unbans submitted.' }),
          }),
          offline: t({
            id: 'ipBan.save.unbannedOffline',
            message: plural(count, {
              one: '# unban saved on this device; it will be sent when you are back online.',
              other: '# unbans saved on this device; they will be sent when you are back online.',
            }),
          }),
        },
      );
      selectMany(ids.slice(0, saved), false);
    },
    [run, t, selectMany],
  );

  const submitEdit = useCallback(
    async (row: IpBanRow, reason: string, expiresAt: string | null) => {
      const cidr = row.id;
      const saved = await run([updateCommand({ cidr, reason, expires_at: expiresAt })], {
        online: t({ id: 'ipBan.save.updatedOnline', message: `The change to ${cidr} was submitted.` }),
        offline: t({
          id: 'ipBan.save.updatedOffline',
          message: `The change to ${cidr} was saved on this device; it will be sent when you are back online.`,
        }),
      });
      return saved === 1;
    },
    [run, t],
  );

  const onEdit = useCallback((row: IpBanRow) => setEditing(row), []);
  const onUnban = useCallback((row: IpBanRow) => setConfirmation({ kind: 'unban', ids: [row.id] }), []);
  const onBanAgain = useCallback(
    (row: IpBanRow) => {
      const line = checkBanText(row.id, index).lines[0];
      if (line?.problem) {
        setConfirmation({
          kind: 'notice',
          title: t({ id: 'ipBan.banAgain.blockedTitle', message: 'This entry cannot be banned again now' }),
          message: ruleText(i18n, line.problem, line.other),
        });
      } else setConfirmation({ kind: 'banAgain', row });
    },
    [index, t, i18n],
  );
  const onSelectPage = useCallback(
    (on: boolean) =>
      selectMany(
        pageRows.filter(selectable).map((row) => row.id),
        on,
      ),
    [pageRows, selectMany],
  );

  const stored = storedList(list?.read, rows.length, online, refresh);
  const { neverRead } = stored;
  const inForceCount = i18n.number(inForce.length);
  const maxCount = limits.ipBan.entriesMax;
  const chosenCount = chosen.length;
  const filteredCount = filtered.length;
  const sortLabels: Record<IpBanListSort, string> = {
    newest: t({ id: 'ipBan.sort.newest', message: 'Newest first' }),
    oldest: t({ id: 'ipBan.sort.oldest', message: 'Oldest first' }),
    address: t({ id: 'ipBan.sort.address', message: 'By IP address' }),
    expiry: t({ id: 'ipBan.sort.expiry', message: 'Expiring soonest' }),
  };

  return (
    <StoredListPage
      data={runtime ? list : undefined}
      list={stored}
      storageUnavailable={!runtime && availability === 'unavailable'}
      title={t({ id: 'ipBan.screen.title', message: 'IP blocking' })}
      summary={
        // The introduction comes with the list it counts: while that is read, its place.
        isFirstRead(stored) ? (
          <Skeleton height="4" width="md" maxW="full" aria-hidden="true" />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t({
              id: 'ipBan.screen.intro',
              message: 'Requests from a banned IP address or range to your accelerated domains are refused.',
            })}{' '}
            {neverRead
              ? null
              : t({
                  id: 'ipBan.screen.inForce',
                  message: plural(maxCount, {
                    one: `${inForceCount} of at most # entry in force.`,
                    other: `${inForceCount} of at most # entries in force.`,
                  }),
                })}
          </Text>
        )
      }
      actions={
        <Button colorPalette="red" size="sm" onClick={() => setBanOpen(true)} disabled={neverRead}>
          {t({ id: 'ipBan.screen.ban', message: 'Ban IPs' })}
        </Button>
      }
      what={t({ id: 'ipBan.screen.what', message: 'the ban list' })}
      offlineHint={t({
        id: 'ipBan.empty.offlineHint',
        message: 'Connect to the internet once to load it; it is then kept for offline use.',
      })}
    >
      {() => (
        <>
          <LookupCard
            rows={rows}
            online={online}
            fetchedAt={stored.fetchedAt ?? null}
            onShowEntry={(id) => setKeyword(id)}
          />
          <Card.Root as="section" aria-labelledby="ip-ban-list-title">
            <Card.Header pb="0" px={{ base: '4', lg: '6' }}>
              <Heading as="h2" size="sm" id="ip-ban-list-title">
                {t({ id: 'ipBan.list.title', message: 'Ban list' })}
              </Heading>
            </Card.Header>
            <Card.Body px={{ base: '4', lg: '6' }}>
              <Stack gap="4">
                <Stack direction={{ base: 'column', md: 'row' }} gap="3" wrap="wrap">
                  <SearchInput
                    flex="1"
                    minW={{ md: '240px' }}
                    maxW={{ md: '360px' }}
                    value={keyword}
                    onChange={setKeyword}
                    label={t({ id: 'ipBan.list.search', message: 'Search by IP, range or reason' })}
                    placeholder={t({
                      id: 'ipBan.list.searchPlaceholder',
                      message: 'Search by IP, range or reason',
                    })}
                  />
                  <HStack gap="3" wrap="wrap">
                    <FilterSelect
                      minW="130px"
                      label={t({ id: 'ipBan.list.statusFilter', message: 'Status' })}
                      value={search.status}
                      all={t({ id: 'ipBan.list.allStatuses', message: 'All statuses' })}
                      options={[
                        { value: 'banned', label: t({ id: 'ipBan.status.banned', message: 'Banned' }) },
                        { value: 'unbanned', label: t({ id: 'ipBan.status.unbanned', message: 'Unbanned' }) },
                      ]}
                      onChange={(status) => update({ status })}
                    />
                    <FilterSelect
                      minW="130px"
                      label={t({ id: 'ipBan.list.familyFilter', message: 'IP type' })}
                      value={search.family}
                      all={t({ id: 'ipBan.list.allFamilies', message: 'All IP types' })}
                      options={[
                        { value: '4', label: t({ id: 'ipBan.family.ipv4', message: 'IPv4' }) },
                        { value: '6', label: t({ id: 'ipBan.family.ipv6', message: 'IPv6' }) },
                      ]}
                      onChange={(family) => update({ family })}
                    />
                    <FilterSelect
                      label={t({ id: 'ipBan.list.sort', message: 'Sort' })}
                      value={search.sort ?? 'newest'}
                      options={ipBanListSorts.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
                      onChange={(sort) => update({ sort })}
                    />
                  </HStack>
                </Stack>

                {chosenCount > 0 ? (
                  <SelectionBar
                    gap="3"
                    label={t({ id: 'ipBan.selection.label', message: 'Selected entries' })}
                  >
                    <Text fontSize="sm">
                      {t({ id: 'ipBan.selection.count', message: `${chosenCount} selected` })}
                    </Text>
                    <Button
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      onClick={() => setConfirmation({ kind: 'unban', ids: chosen })}
                    >
                      {t({ id: 'ipBan.selection.unban', message: 'Unban selected' })}
                    </Button>
                    <Button size="xs" variant="ghost" onClick={clearSelection}>
                      {t({ id: 'ipBan.selection.clear', message: 'Clear selection' })}
                    </Button>
                  </SelectionBar>
                ) : null}

                {rows.length === 0 ? (
                  <EmptyList
                    py="12"
                    title={t({ id: 'ipBan.empty.noneTitle', message: 'No IP is banned yet.' })}
                    hint={t({
                      id: 'ipBan.empty.noneHint',
                      message: 'Ban an IP address or a CIDR range to refuse its requests to your domains.',
                    })}
                  >
                    <Button size="sm" colorPalette="red" mt="2" onClick={() => setBanOpen(true)}>
                      {t({ id: 'ipBan.screen.ban', message: 'Ban IPs' })}
                    </Button>
                  </EmptyList>
                ) : filteredCount === 0 ? (
                  <EmptyList
                    py="12"
                    title={t({
                      id: 'ipBan.empty.noMatchTitle',
                      message: 'No entry matches the search and filters.',
                    })}
                  >
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setKeyword('');
                        onSearchChange(cleanSearch({ sort: search.sort, size: search.size }));
                      }}
                    >
                      {t({ id: 'ipBan.empty.clearFilters', message: 'Clear search and filters' })}
                    </Button>
                  </EmptyList>
                ) : (
                  <>
                    <IpBanTable
                      rows={pageRows}
                      selected={selected}
                      onSelect={onSelect}
                      onSelectPage={onSelectPage}
                      login={login}
                      onEdit={onEdit}
                      onUnban={onUnban}
                      onBanAgain={onBanAgain}
                    />
                    <SearchPager
                      search={search}
                      onSearchChange={onSearchChange}
                      total={filteredCount}
                      sizes={ipBanPageSizes}
                    />
                  </>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>

          <BanDialog
            open={banOpen}
            draft={draft}
            onDraftChange={setDraft}
            index={index}
            now={now}
            onClose={() => setBanOpen(false)}
            onSubmit={submitBan}
          />
          {editing ? (
            <EditDialog
              entry={editing.entry}
              now={now}
              onClose={() => setEditing(null)}
              onSubmit={(reason, expiresAt) => submitEdit(editing, reason, expiresAt)}
            />
          ) : null}
          <ConfirmationDialog
            confirmation={confirmation}
            onClose={() => setConfirmation(null)}
            onUnban={(ids) => void unban(ids)}
            onBanAgain={(row) =>
              void run([banCommand({ cidr: row.id, reason: row.entry.reason, expires_at: null })], banSaid(1))
            }
          />
        </>
      )}
    </StoredListPage>
  );
}
