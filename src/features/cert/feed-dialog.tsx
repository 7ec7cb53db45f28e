import { Button, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, isApiError } from '../../api';
import type { OutputOf } from '../../contract';
import { copyText } from '../../ui/copy-text';
import { DialogFrame } from '../../ui/dialog-frame';
import { formatDateTime } from '../../ui/format';

type Feed = OutputOf<'certFeed'>;

/**
 * The calendar feed of the account's certificate expiries: an address any calendar app can
 * subscribe to, with its own secret. It is shown once when made; making a new one, or revoking
 * it, stops the earlier one.
 */
export function FeedDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [feed, setFeed] = useState<Feed | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!online) return;
    void api
      .call('certFeed', undefined, { quiet: true })
      .then(setFeed, (e: unknown) => setFailure(isApiError(e) ? e.message : String(e)));
  }, [online]);
  const update = async (action: 'create' | 'revoke') => {
    setBusy(true);
    try {
      setFeed(await api.call('certFeedUpdate', { action }, { quiet: true }));
      setFailure(null);
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
        {failure ? (
          <Text color="fg.error" role="alert">
            {failure}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
