import { Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { fileSyncLimits } from '../../contract/file-sync';
import { ProgressBar } from './progress-bar';
import { sizeText } from './size-text';

/** The account's storage: used of the most, as a bar (orange from 90 %), and its rules. */
export function StorageCard({ storage }: { storage: { used: number; max: number } }) {
  const { t, i18n } = useLingui();
  const used = sizeText(storage.used, i18n.locale);
  const max = sizeText(storage.max, i18n.locale);
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" flexWrap="wrap">
            <Heading as="h2" size="sm">
              {t({ id: 'fileSync.storage.title', message: 'Storage' })}
            </Heading>
            <Text fontSize="sm">
              {t({ id: 'fileSync.storage.used', message: `${ph({ used })} of ${ph({ max })} used` })}
            </Text>
          </HStack>
          <ProgressBar
            value={(storage.used / storage.max) * 100}
            label={t({ id: 'fileSync.storage.title', message: 'Storage' })}
            palette={storage.used >= storage.max * 0.9 ? 'orange' : 'blue'}
          />
          <Text fontSize="xs" color="fg.muted">
            {t({
              id: 'fileSync.storage.rules',
              message: `Up to 20 GB a file, and up to ${ph({ n: fileSyncLimits.unfinishedMax })} unfinished at a time; an upload under way counts at its full size. Uploads not resumed for 7 days are cancelled.`,
            })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
