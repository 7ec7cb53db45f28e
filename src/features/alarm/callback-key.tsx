import { Button, Card, Code as CodeText, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** The key callbacks are signed with: shown on request, replaced after a confirmation. */
export function CallbackKey({ online }: { online: boolean }) {
  const { t } = useLingui();
  const [key, setKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const show = async () => {
    try {
      setKey((await api.call('alarmCallbackKey', undefined)).key);
    } catch {
      // The client showed why.
    }
  };
  const rotate = async () => {
    setConfirming(false);
    try {
      setKey((await api.call('alarmCallbackKeyRotate', undefined)).key);
    } catch {
      // The client showed why.
    }
  };
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Stack gap="2">
          <Text fontWeight="semibold">
            {t({ id: 'alarm.ui.key.title', message: 'Callback signing key' })}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'alarm.ui.key.intro',
              message:
                'Each callback carries X-CDN-Timestamp and X-CDN-Signature: sha256= followed by the hex HMAC-SHA256 of "<timestamp>.<body>" with this key.',
            })}
          </Text>
          {key ? (
            <CodeText wordBreak="break-all" p="2" data-callback-key>
              {key}
            </CodeText>
          ) : null}
          <HStack>
            <Button size="sm" variant="outline" disabled={!online} onClick={() => void show()}>
              {t({ id: 'alarm.ui.key.show', message: 'Show key' })}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={!online}
              onClick={() => setConfirming(true)}
            >
              {t({ id: 'alarm.ui.key.rotate', message: 'Replace key' })}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={t({ id: 'alarm.ui.key.rotateTitle', message: 'Replace the signing key?' })}
        message={t({
          id: 'alarm.ui.key.rotateMessage',
          message:
            'Receivers that check the old key refuse the next callbacks until they are given the new one.',
        })}
        confirmLabel={t({ id: 'alarm.ui.key.rotate', message: 'Replace key' })}
        cancelLabel={t({ id: 'alarm.ui.cancel', message: 'Cancel' })}
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
