import { Tabs } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { commandFor } from '../../commands/queue';
import type { ContentQuotaAnswer } from '../../contract/content';
import { contentQuotaProblem, type ContentKind } from '../../contract/rules/content';
import { useSyncAvailability, useSyncRuntime } from '../../sync/react';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { NeverReadList } from '../../ui/never-read-list';
import { ListPending } from '../../ui/list-pending';
import { ScreenPage } from '../../ui/screen-page';
import { storedList } from '../../ui/stored-list';
import { StoredListStatus } from '../../ui/stored-list-status';
import { StoreFullError } from '../../store';
import { queuedSave, type QueuedSaid } from '../../ui/queued-save';
import { notify } from '../../ui/toaster';
import { useAddressKeyword } from '../../ui/use-address-keyword';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { contentText, kindLabels } from './content-messages';
import { Records } from './records';
import { filterContentRows, queuedUse, type ContentRow } from './rows';
import type { ContentSearch, ContentTab } from './search';
import { SubmitForm } from './submit-form';
import { useContentPull, useContentRecords } from './use-content-tasks';

export interface ContentScreenProps {
  search: ContentSearch;
  onSearchChange(search: ContentSearch): void;
}

const recordsTab = msg({ id: 'content.tab.records', message: 'Records' });

/**
 * Today's quota as the server counts it, through the read layer (kept for offline); read again
 * when `changed` changes (the server accepted a submission or a retry).
 */
function useQuota(changed: number): ContentQuotaAnswer | undefined {
  const read = useCall('contentQuota', undefined);
  const { refetch } = read;
  const seen = useRef(changed);
  useEffect(() => {
    if (seen.current === changed) return;
    seen.current = changed;
    refetch();
  }, [changed, refetch]);
  return read.data;
}

/**
 * Refresh and prefetch (spec §2 /cdn/content): URL refresh, directory refresh and prefetch, each
 * with its rules and what is left of today's quota, and the records of the last 30 days with the
 * state of every URL. Submissions and retries are queued like every edit: made offline, they are
 * sent when the connection returns, and the server checks them again.
 */
function ContentBody({ search, onSearchChange }: ContentScreenProps) {
  const { t, i18n } = useLingui();
  const availability = useSyncAvailability();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const now = useNow(60_000);
  const records = useContentRecords(now);
  const refresh = useContentPull(runtime, online, records?.rows);
  const tab: ContentTab = search.tab ?? 'url';
  const [texts, setTexts] = useState<Record<ContentKind, string>>({ url: '', dir: '', prefetch: '' });
  const [retrying, setRetrying] = useState<ContentRow | null>(null);
  const rows = useMemo(() => records?.rows ?? [], [records]);
  // The server's count changes when it accepts a submission or a retry: a row is then settled.
  const settled = useMemo(() => rows.filter((row) => row.queued === null).length, [rows]);
  const quota = useQuota(settled);
  const queued = useMemo(() => queuedUse(rows), [rows]);

  const [keyword, setKeyword] = useAddressKeyword(search, onSearchChange);
  // A submission opens the records in the address as it is then (a keyword may be on its way).
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const filtered = useMemo(
    () => filterContentRows(rows, { ...search, keyword }, now),
    [rows, search, keyword, now],
  );

  const enqueue = useCallback(
    async (command: ReturnType<typeof commandFor>, said: QueuedSaid) => {
      if (!runtime) return false;
      return queuedSave(
        () => runtime.enqueue(command),
        said,
        (error) =>
          error instanceof StoreFullError
            ? t({
                id: 'content.save.storageFull',
                message:
                  "This device's storage is full, so nothing was submitted. Free some space and try again.",
              })
            : t({
                id: 'content.save.failed',
                message: 'The submission could not be saved on this device. Please try again.',
              }),
      );
    },
    [runtime, t],
  );

  const submit = useCallback(
    async (kind: ContentKind, urls: string[]) => {
      const count = urls.length;
      const saved = await enqueue(commandFor('content.submit', { id: crypto.randomUUID(), kind, urls }), {
        online: t({
          id: 'content.submit.online',
          message: plural(count, {
            one: 'Submitted # URL. Its state is in the records.',
            other: 'Submitted # URLs. Their states are in the records.',
          }),
        }),
        offline: t({
          id: 'content.submit.offline',
          message: plural(count, {
            one: 'Saved # URL on this device: it is submitted when the connection returns.',
            other: 'Saved # URLs on this device: they are submitted when the connection returns.',
          }),
        }),
      });
      if (saved) onSearchChange({ ...latest.current, tab: 'records', page: undefined });
      return saved;
    },
    [enqueue, onSearchChange, t],
  );

  const retry = async (row: ContentRow) => {
    setRetrying(null);
    const failed = row.counts.failure;
    const kindQuota = quota?.[row.task.kind];
    const problem = kindQuota
      ? contentQuotaProblem(row.task.kind, failed, kindQuota.used + queued[row.task.kind])
      : null;
    if (problem && problem.messageId !== 'content.submit.tooMany') {
      notify('error', contentText(i18n, problem.messageId, problem.data));
      return;
    }
    await enqueue(commandFor('content.retry', { id: row.id }), {
      online: t({ id: 'content.retry.online', message: 'The failed URLs were submitted again.' }),
      offline: t({
        id: 'content.retry.offline',
        message: 'The retry is saved on this device and sent when the connection returns.',
      }),
    });
  };

  const title = t({ id: 'content.screen.title', message: 'Refresh and prefetch' });
  const loading = t({ id: 'content.screen.loading', message: 'Loading the records…' });
  if (!runtime || !records)
    return (
      <ListPending
        storageUnavailable={!runtime && availability === 'unavailable'}
        title={title}
        loading={loading}
        noStorage={t({
          id: 'content.screen.noStorage',
          message:
            'This browser does not let the console store data on this device, so refresh and prefetch are not available here. Allow site data for this site, or use another browser, then reload the page.',
        })}
      />
    );

  const stored = storedList(records.read, rows.length, online, refresh);
  const quotaOf = (kind: ContentKind) =>
    quota ? { used: quota[kind].used, queued: queued[kind], perDay: quota[kind].per_day } : undefined;
  const tabLabel = (name: ContentTab): MessageDescriptor =>
    name === 'records' ? recordsTab : kindLabels[name];
  const failedCount = retrying?.counts.failure ?? 0;

  return (
    <ScreenPage
      title={title}
      intro={
        <>
          {t({
            id: 'content.screen.intro',
            message:
              'Make the edge fetch changed files from the origin again, or load files onto the edge before users ask for them.',
          })}
          {quota?.edge_nodes === 0
            ? ` ${t({
                id: 'content.screen.simulated',
                message:
                  'No edge node is registered: tasks are simulated by the console and change no cache.',
              })}`
            : null}
        </>
      }
      actions={<StoredListStatus list={stored} />}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(e) =>
          onSearchChange({
            ...search,
            tab: e.value === 'url' ? undefined : (e.value as ContentTab),
            page: undefined,
          })
        }
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {(['url', 'dir', 'prefetch', 'records'] as const).map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {i18n._(tabLabel(name))}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['url', 'dir', 'prefetch'] as const).map((kind) => (
          <Tabs.Content key={kind} value={kind}>
            <SubmitForm
              kind={kind}
              text={texts[kind]}
              onText={(text) => setTexts((before) => ({ ...before, [kind]: text }))}
              quota={quotaOf(kind)}
              online={online}
              onSubmit={(urls) => submit(kind, urls)}
            />
          </Tabs.Content>
        ))}
        <Tabs.Content value="records">
          {stored.neverRead ? (
            <NeverReadList list={stored} what={t({ id: 'content.records.what', message: 'the records' })} />
          ) : (
            <Records
              rows={rows}
              filtered={filtered}
              search={search}
              onSearchChange={onSearchChange}
              keyword={keyword}
              onKeyword={setKeyword}
              onRetry={setRetrying}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog
        open={retrying !== null}
        title={t({ id: 'content.retry.title', message: 'Retry the failed URLs?' })}
        message={t({
          id: 'content.retry.message',
          message: plural(failedCount, {
            one: "# failed URL of this task is submitted again. It counts against today's quota.",
            other: "# failed URLs of this task are submitted again. They count against today's quota.",
          }),
        })}
        confirmLabel={t({ id: 'content.retry.confirm', message: 'Retry' })}
        cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
        onConfirm={() => retrying && void retry(retrying)}
        onCancel={() => setRetrying(null)}
      />
    </ScreenPage>
  );
}

export const ContentScreen = withReads(ContentBody, useReadAccounts);
