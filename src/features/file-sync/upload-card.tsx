import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ProgressBar } from './progress-bar';
import { sizeText } from './size-text';
import { forgetUpload, pauseUpload, resumeUpload, type Upload } from './uploads';
import { usePhaseText } from './use-phase-text';

/** An upload of this page: its progress in words and a bar, and what it can do next. */
export function UploadCard({ upload, online }: { upload: Upload; online: boolean }) {
  const { t, i18n } = useLingui();
  const { share, text } = usePhaseText(upload);
  const state = upload.state;
  const ended = state.phase === 'failed';
  return (
    <Card.Root size="sm" variant="outline" data-upload={upload.id}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-all">
              {upload.name}
              <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
                {sizeText(upload.size, i18n.locale)}
              </Text>
            </Text>
            <HStack gap="2">
              {state.phase === 'paused' ? (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!online}
                  onClick={() => resumeUpload(upload.id)}
                >
                  {t({ id: 'fileSync.action.resume', message: 'Resume' })}
                </Button>
              ) : null}
              {upload.running && state.phase !== 'verifying' ? (
                <Button size="xs" variant="outline" onClick={() => pauseUpload(upload.id)}>
                  {t({ id: 'fileSync.action.pause', message: 'Pause' })}
                </Button>
              ) : null}
              {ended ? (
                <Button size="xs" variant="ghost" onClick={() => forgetUpload(upload.id)}>
                  {t({ id: 'fileSync.action.dismiss', message: 'Dismiss' })}
                </Button>
              ) : null}
            </HStack>
          </HStack>
          <ProgressBar value={share} label={upload.name} palette={ended ? 'red' : 'blue'} />
          <Text fontSize="sm" color={ended ? 'fg.error' : 'fg.muted'} role={ended ? 'alert' : 'status'}>
            {text}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
