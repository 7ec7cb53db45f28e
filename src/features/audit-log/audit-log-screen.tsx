import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { isApiError } from '../../api';
import { Code } from '../../contract/codes';
import { useCall, useReadsStatus } from '../../sync/reads';
import { useAppState } from '../../ui/app-state';
import { NeverReadList } from '../../ui/never-read-list';
import { ScreenPage } from '../../ui/screen-page';
import { SearchPager } from '../../ui/search-pager';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { ExportButtons } from './export-buttons';
import {
  filtersOf,
  isFiltered,
  listBodyOf,
  pageSizes,
  parseAuditSearch,
  stringifyAuditSearch,
  type AuditSearch,
} from './search';
import { withReads } from './use-reads';

export interface AuditLogScreenProps {
  /** The address's search, as given: the screen reads it. */
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * The audit log (spec §2 /cdn/user/audit-log), a main account's function: who did what in the
 * active account, from where, and field by field what changed; filtered in the address, paged,
 * exported to Excel or CSV. Read through the read layer, so a page once read stays readable
 * offline "as of" its time.
 */
export const AuditLogScreen = withReads(AuditLogBody);

function AuditLogBody({ search: given, onSearchChange }: AuditLogScreenProps) {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const online = useOnline();
  const now = useNow(60_000);
  const search = parseAuditSearch(given);
  const change = (next: AuditSearch) => onSearchChange(stringifyAuditSearch(next));
  const read = useCall('auditList', listBodyOf(search));
  const reads = useReadsStatus(online);
  const children = useCall('childLists', undefined);
  const domains = useCall('domainNames', undefined);

  const domainNames = useMemo(
    () => new Map((domains.data?.lists ?? []).map((d) => [d.id, d.domain])),
    [domains.data],
  );
  // Who may have acted here: the account itself, the signed-in account when it acts for it, its sub-accounts.
  const actors = useMemo(() => {
    if (!loginInfo) return [];
    const viewLogin =
      loginInfo.view_id === loginInfo.user_id
        ? loginInfo.login
        : (loginInfo.lists.find((a) => a.id === loginInfo.view_id)?.account ?? `#${loginInfo.view_id}`);
    const list = [{ id: loginInfo.view_id, login: viewLogin }];
    if (loginInfo.user_id !== loginInfo.view_id) list.push({ id: loginInfo.user_id, login: loginInfo.login });
    for (const child of children.data?.lists ?? []) list.push({ id: child.id, login: child.login });
    return list;
  }, [loginInfo, children.data]);

  const frame = {
    title: t({ id: 'auditLog.title', message: 'Audit log' }),
    intro: t({
      id: 'auditLog.summary',
      message:
        'Who did what in this account: configuration changes, sign-ins, sub-accounts, permissions and tokens, with the fields each changed.',
    }),
    actions: <StoredListStatus list={reads} />,
  };

  const toolbar = (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <AuditFilters search={search} onChange={change} actors={actors} today={localDay(now)} />
          <ExportButtons filters={filtersOf(search)} total={read.data?.total} online={online} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );

  if (read.data === undefined) {
    const refused = isApiError(read.error) && read.error.code === Code.forbidden;
    return (
      <ScreenPage {...frame}>
        {refused ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{isApiError(read.error) ? read.error.message : ''}</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            {toolbar}
            <NeverReadList
              list={{ ...reads, neverRead: true, pullState: read.failed ? 'failed' : 'pulling' }}
              what={t({ id: 'auditLog.what', message: 'this page of the audit log' })}
              offlineHint={t({
                id: 'auditLog.offlineHint',
                message: 'Connect to the internet to load it; pages once loaded stay readable offline.',
              })}
            />
          </>
        )}
      </ScreenPage>
    );
  }

  const { lists, total } = read.data;
  const page = search.page ?? 1;
  // A page past the end (an old address) stays reachable, so the pager can lead back.
  const pageCount = Math.max(1, Math.ceil(total / (search.size ?? pageSizes[0])), page);
  return (
    <ScreenPage {...frame}>
      {toolbar}
      {total === 0 ? (
        <Card.Root variant="outline">
          <Card.Body>
            <Stack align="center" gap="3" py="6" textAlign="center" role="status">
              <Text fontWeight="semibold">
                {isFiltered(search)
                  ? t({ id: 'auditLog.empty.filtered', message: 'No entries match these filters.' })
                  : t({ id: 'auditLog.empty.none', message: 'Nothing has been recorded yet.' })}
              </Text>
              {isFiltered(search) ? (
                <Button size="sm" variant="outline" onClick={() => change({ size: search.size })}>
                  {t({ id: 'auditLog.filter.clear', message: 'Clear filters' })}
                </Button>
              ) : (
                <Text color="fg.muted" fontSize="sm" maxW="520px">
                  {t({
                    id: 'auditLog.empty.hint',
                    message: 'Changes made in the console or through the API are listed here as they happen.',
                  })}
                </Text>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack gap="3">
          {lists.length > 0 ? (
            <AuditTable entries={lists} domainNames={domainNames} />
          ) : (
            <Text color="fg.muted" role="status">
              {t({ id: 'auditLog.pastEnd', message: 'This page is past the end of the list.' })}
            </Text>
          )}
          <SearchPager
            search={search}
            onSearchChange={change}
            total={total}
            page={page}
            pageCount={pageCount}
            sizes={pageSizes}
          />
        </Stack>
      )}
    </ScreenPage>
  );
}
