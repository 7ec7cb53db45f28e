import { Button, Card, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { api, isApiError } from '../../api';
import { expiryFilters, type ExpiryFilter } from '../../contract/rules/cert';
import { useSyncAvailability, useSyncRuntime } from '../../sync/react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { pageOf } from '../../ui/page-of';
import { SearchInput } from '../../ui/search-input';
import { SearchPager } from '../../ui/search-pager';
import { storedList } from '../../ui/stored-list';
import { StoredListPage } from '../../ui/stored-list-page';
import { notify } from '../../ui/toaster';
import { useAddressKeyword } from '../../ui/use-address-keyword';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { AssociateDialog } from './associate-dialog';
import type { CertOpen } from './cert-open';
import { CertTableRow } from './cert-table-row';
import { certRuleMessages, expiryLabels } from './cert-messages';
import { DetailDialog } from './detail-dialog';
import { FeedDialog } from './feed-dialog';
import { expiryBuckets, filterCertRows, type CertRow } from './rows';
import { certPageSizes, type CertSearch } from './search';
import { UploadDialog } from './upload-dialog';
import { useCertList, useCertPull, useRepullAfterAssociations } from './use-cert-list';

export interface CertScreenProps {
  search: CertSearch;
  onSearchChange: (search: CertSearch) => void;
}

/**
 * Certificates (spec §2 /cdn/cert): the account's certificates with their names, algorithm,
 * validity, state and domains; search and expiry filter in the address; upload, detail, associate,
 * replace on all its domains, delete (refused while associated), and the expiry calendar. The list
 * is kept on this device; associations are queued like every edit.
 */
export function CertScreen({ search, onSearchChange }: CertScreenProps) {
  const { t, i18n } = useLingui();
  const availability = useSyncAvailability();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const now = useNow(60_000);
  const refresh = useCertPull(runtime, online);
  const list = useCertList(now);
  useRepullAfterAssociations(refresh.pull);
  const [open, setOpen] = useState<CertOpen>(null);
  const [keyword, setKeyword] = useAddressKeyword(search, onSearchChange);
  const rows = useMemo(() => list?.rows ?? [], [list]);
  const filtered = useMemo(
    () => filterCertRows(rows, { ...search, keyword }, now),
    [rows, search, keyword, now],
  );
  const buckets = useMemo(() => expiryBuckets(rows, now), [rows, now]);
  // A keyword typed and not yet in the address shows its first page.
  const wantedPage = keyword === (search.keyword ?? '') ? (search.page ?? 1) : 1;
  const size = search.size ?? certPageSizes[0];
  const { page, rows: shown } = useMemo(
    () => pageOf(filtered, wantedPage, size),
    [filtered, wantedPage, size],
  );
  const close = useCallback(() => setOpen(null), []);

  const remove = async (cert: CertRow) => {
    setOpen(null);
    try {
      await api.call('certDelete', { id: cert.id }, { quiet: true });
      notify('success', i18n._(certRuleMessages['cert.deleted']!));
      refresh.pull();
    } catch (error) {
      notify('error', isApiError(error) ? error.message : String(error));
    }
  };

  const dialogs = (
    <>
      {open?.kind === 'upload' ? (
        <UploadDialog
          online={online}
          onClose={close}
          onUploaded={() => {
            setOpen(null);
            refresh.pull();
          }}
        />
      ) : null}
      {open?.kind === 'feed' ? <FeedDialog online={online} onClose={close} /> : null}
      {open?.kind === 'detail' ? (
        <DetailDialog
          id={open.id}
          row={rows.find((r) => r.id === open.id)}
          online={online}
          onClose={close}
          onReplace={(cert) => setOpen({ kind: 'replace', cert })}
          onDelete={(cert) =>
            setOpen(cert.domains.length > 0 ? { kind: 'inUse', cert } : { kind: 'delete', cert })
          }
        />
      ) : null}
      {open?.kind === 'associate' ? (
        <AssociateDialog certs={rows} certId={open.certId} onClose={close} />
      ) : null}
      {open?.kind === 'replace' ? (
        <AssociateDialog
          certs={rows}
          replacing={open.cert.id}
          domainIds={open.cert.domains.map((d) => d.id)}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t({ id: 'cert.delete.title', message: 'Delete the certificate?' })}
        message={t({
          id: 'cert.delete.message',
          message: `${ph({ name: open?.kind === 'delete' ? open.cert.name : '' })} and its private key are deleted from the console. This cannot be undone.`,
        })}
        confirmLabel={t({ id: 'cert.delete.confirm', message: 'Delete' })}
        cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
        onConfirm={() => open?.kind === 'delete' && void remove(open.cert)}
        onCancel={close}
      />
      <ConfirmDialog
        open={open?.kind === 'inUse'}
        title={t({ id: 'cert.delete.refusedTitle', message: 'The certificate is in use' })}
        message={i18n._({
          ...certRuleMessages['cert.inUse'],
          values: { count: open?.kind === 'inUse' ? open.cert.domains.length : 0 },
        } as MessageDescriptor)}
        confirmLabel={t({ id: 'common.action.ok', message: 'OK' })}
        onConfirm={close}
        onCancel={close}
      />
    </>
  );

  const bucketCards: { filter: ExpiryFilter; count: number; color: string }[] = [
    { filter: 'expired', count: buckets.expired, color: 'red.fg' },
    { filter: 'in7', count: buckets.in7, color: 'orange.fg' },
    { filter: 'in30', count: buckets.in30, color: 'yellow.fg' },
  ];
  const shownCount = filtered.length;
  const columns: ListColumn[] = [
    { header: t({ id: 'cert.col.cert', message: 'Certificate' }) },
    { header: t({ id: 'cert.col.validity', message: 'Valid until' }) },
    { header: t({ id: 'cert.col.status', message: 'Status' }) },
    { header: t({ id: 'cert.col.domains', message: 'Associated domains' }), hideBelow: 'xl' },
    { header: t({ id: 'cert.col.actions', message: 'Actions' }) },
  ];

  const stored = storedList(list?.read, rows.length, online, refresh);
  return (
    <StoredListPage
      data={runtime ? list : undefined}
      list={stored}
      storageUnavailable={!runtime && availability === 'unavailable'}
      title={t({ id: 'cert.screen.title', message: 'Certificates' })}
      intro={t({
        id: 'cert.screen.intro',
        message: 'Upload HTTPS certificates and associate them with the domains they cover.',
      })}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'feed' })}>
            {t({ id: 'cert.screen.calendar', message: 'Expiry calendar' })}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => setOpen({ kind: 'upload' })}>
            {t({ id: 'cert.screen.upload', message: 'Upload certificate' })}
          </Button>
        </>
      }
      what={t({ id: 'cert.screen.what', message: 'the certificates' })}
      dialogs={dialogs}
    >
      {() => (
        <>
          <SimpleGrid columns={{ base: 3 }} gap="3">
            {bucketCards.map(({ filter, count, color }) => (
              <Card.Root key={filter} size="sm" variant="outline">
                <Card.Body>
                  <Button
                    variant="ghost"
                    h="auto"
                    p="0"
                    justifyContent="flex-start"
                    aria-pressed={search.expiry === filter}
                    onClick={() =>
                      onSearchChange({
                        ...search,
                        expiry: search.expiry === filter ? undefined : filter,
                        page: undefined,
                      })
                    }
                  >
                    <Stack gap="0" align="flex-start">
                      <Text fontSize="sm" color="fg.muted">
                        {i18n._(expiryLabels[filter])}
                      </Text>
                      <Text fontSize="2xl" fontWeight="semibold" color={count > 0 ? color : undefined}>
                        {i18n.number(count)}
                      </Text>
                    </Stack>
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <SearchInput
              maxW={{ md: '360px' }}
              value={keyword}
              onChange={setKeyword}
              label={t({ id: 'cert.search.label', message: 'Search by name, CN or SAN' })}
            />
            <NativeSelect.Root maxW={{ md: '240px' }}>
              <NativeSelect.Field
                aria-label={t({ id: 'cert.filter.expiry', message: 'Expiry' })}
                value={search.expiry ?? ''}
                onChange={(e) =>
                  onSearchChange({
                    ...search,
                    expiry: expiryFilters.find((f) => f === e.target.value),
                    page: undefined,
                  })
                }
              >
                <option value="">{t({ id: 'cert.filter.all', message: 'All certificates' })}</option>
                {expiryFilters.map((filter) => (
                  <option key={filter} value={filter}>
                    {i18n._(expiryLabels[filter])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text alignSelf="center" fontSize="sm" color="fg.muted" role="status">
              {t({
                id: 'cert.list.count',
                message: plural(shownCount, { one: '# certificate', other: '# certificates' }),
              })}
            </Text>
          </Stack>
          {rows.length === 0 ? (
            <Card.Root variant="outline">
              <Card.Body>
                <Stack align="center" gap="3" py="6">
                  <Text>{t({ id: 'cert.empty.none', message: 'No certificates yet.' })}</Text>
                  <Button colorPalette="blue" onClick={() => setOpen({ kind: 'upload' })}>
                    {t({ id: 'cert.screen.upload', message: 'Upload certificate' })}
                  </Button>
                </Stack>
              </Card.Body>
            </Card.Root>
          ) : filtered.length === 0 ? (
            <Text color="fg.muted">
              {t({ id: 'cert.empty.noMatch', message: 'No certificate matches the search.' })}
            </Text>
          ) : (
            <ListTable columns={columns}>
              {shown.map((row) => (
                <CertTableRow key={row.id} row={row} now={now} onOpen={setOpen} />
              ))}
            </ListTable>
          )}
          <SearchPager
            hiddenWhenShort
            search={search}
            onSearchChange={onSearchChange}
            total={filtered.length}
            page={page}
            sizes={certPageSizes}
          />
        </>
      )}
    </StoredListPage>
  );
}
