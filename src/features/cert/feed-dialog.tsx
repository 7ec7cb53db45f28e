import { Button, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, isApiError } from '../../api';
import type { OutputOf } from '../../contract';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { copyText } from '../../ui/copy-text';
import { DialogFrame } from '../../ui/dialog-frame';
import { FormFailure } from '../../ui/form-failure';
import { formatDateTime } from '../../ui/format';

type Feed = OutputOf<'certFeed'>;

function Feed({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t } = useLingui();
  // Whether an address is in use, through the read layer (the address itself is never stored).
  const read = useCall('certFeed', undefined);
  // The answer of a change made here: the only one that carries the address, kept in the dialog.
  const [changed, setChanged] = useState<Feed | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feed = changed ?? read.data ?? null;
  const asOf = formatDateTime(read.fetchedAt);
  const readFailure =
    read.failed && isApiError(read.error) && !read.error.isNetworkError ? read.error.message : null;
  const update = async (action: 'create' | 'revoke') => {
    setBusy(true);
    try {
      setChanged(await api.call('certFeedUpdate', { action }, { quiet: true }));
      setFailure(null);
      read.refetch();
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      title={t({ id: 'cert.feed.title', message: 'Expiry calendar' })}
      onClose={onClose}
      footer={
        <>
          {feed?.enabled ? (
            <Button
              variant="outline"
              colorPalette="red"
              loading={busy}
              disabled={!online}
              onClick={() => void update('revoke')}
            >
              {t({ id: 'cert.feed.revoke', message: 'Revoke the address' })}
            </Button>
          ) : null}
          <Button colorPalette="blue" loading={busy} disabled={!online} onClick={() => void update('create')}>
            {feed?.enabled
              ? t({ id: 'cert.feed.renew', message: 'Make a new address' })
              : t({ id: 'cert.feed.create', message: 'Make the address' })}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>
          {t({
            id: 'cert.feed.intro',
            message:
              'Subscribe to this address in any calendar app to see every certificate’s expiry, with reminders 30, 14 and 7 days before.',
          })}
        </Text>
        {!online ? (
          <Text color="fg.warning">
            {t({ id: 'cert.feed.offline', message: 'Connect to the internet to manage the address.' })}
          </Text>
        ) : null}
        {feed?.url ? (
          <Stack gap="2">
            <Text fontWeight="semibold">
              {t({ id: 'cert.feed.once', message: 'Copy the address now: it is shown only this once.' })}
            </Text>
            <Text fontFamily="mono" fontSize="sm" bg="bg.muted" p="2" borderRadius="sm" wordBreak="break-all">
              {feed.url}
            </Text>
            <Button
              size="sm"
              alignSelf="flex-start"
              onClick={() =>
                void copyText(feed.url ?? '', {
                  ok: t({ id: 'cert.feed.copied', message: 'Address copied' }),
                  failed: t({
                    id: 'cert.feed.copyFailed',
                    message: 'Copy failed: select the address and copy it',
                  }),
                })
              }
            >
              {t({ id: 'cert.feed.copy', message: 'Copy' })}
            </Button>
          </Stack>
        ) : feed?.enabled ? (
          <Text color="fg.muted">
            {t({
              id: 'cert.feed.enabled',
              message: `An address made on ${ph({ time: formatDateTime(feed.created_at) })} is in use. Make a new one to see it again; the old one then stops working.`,
            })}
          </Text>
        ) : feed ? (
          <Text color="fg.muted">
            {t({ id: 'cert.feed.none', message: 'No address has been made yet.' })}
          </Text>
        ) : null}
        {!online && read.data && !changed ? (
          <Text fontSize="sm" color="fg.warning" role="status">
            {t({ id: 'list.asOf', message: `Data as of ${asOf}` })}
          </Text>
        ) : null}
        <FormFailure failure={failure ?? readFailure} />
      </Stack>
    </DialogFrame>
  );
}

/**
 * The calendar feed of the account's certificate expiries: an address any calendar app can
 * subscribe to, with its own secret. It is shown once when made; making a new one, or revoking
 * it, stops the earlier one.
 */
export const FeedDialog = withReads(Feed, useReadAccounts);
