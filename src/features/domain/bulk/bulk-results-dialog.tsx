import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { saveFailureMessage } from '../domain-messages';
import { DialogFrame } from '../../../ui/dialog-frame';
import { notify } from '../../../ui/toaster';
import { statusOrder, type BulkJob, type ItemResult, type ItemStatus, type JobSummary } from './bulk-job';
import { itemStatusLabels, resultTitles, skipReasonLabels } from './bulk-messages';

export interface BulkResultsDialogProps {
  job: BulkJob;
  results: readonly ItemResult[];
  summary: JobSummary;
  online: boolean;
  onRetry(): Promise<void>;
  onClose(): void;
}

const palettes: Record<ItemStatus, string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
};

/**
 * The results of a bulk action, live: each domain with where its command stands, the progress,
 * and a retry of the failed ones. Closing it leaves the commands running.
 */
export function BulkResultsDialog({
  job,
  results,
  summary,
  online,
  onRetry,
  onClose,
}: BulkResultsDialogProps) {
  const { t, i18n } = useLingui();
  const [retrying, setRetrying] = useState(false);
  const lines = useMemo(
    () =>
      job.items
        .map((item, index) => ({ item, result: results[index] }))
        .filter(
          (line): line is { item: (typeof job.items)[number]; result: ItemResult } =>
            line.result !== undefined,
        )
        .sort((a, b) => statusOrder[a.result.status] - statusOrder[b.result.status]),
    [job, results],
  );
  const { done, queued, succeeded, failed, pending, skipped } = summary;
  const detail = (result: ItemResult): string | null => {
    switch (result.status) {
      case 'pending':
        return online
          ? null
          : t({ id: 'domain.bulk.results.offline', message: 'Will run when you are back online' });
      case 'failed':
        return (
          result.message ??
          (result.entry
            ? null
            : t({
                id: 'domain.bulk.results.discarded',
                message: 'The change was discarded before the server applied it.',
              }))
        );
      case 'skipped':
        return i18n._(skipReasonLabels[result.reason]);
      case 'succeeded':
        return null;
    }
  };

  async function retry() {
    setRetrying(true);
    try {
      await onRetry();
    } catch (error) {
      notify('error', i18n._(saveFailureMessage(error)));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <DialogFrame
      size="lg"
      scrollBehavior="inside"
      onClose={onClose}
      title={i18n._(resultTitles[job.request.action])}
      footer={
        <>
          {failed > 0 ? (
            <Button variant="outline" colorPalette="red" loading={retrying} onClick={() => void retry()}>
              {t({ id: 'domain.bulk.results.retry', message: 'Retry failed' })}
            </Button>
          ) : null}
          <Button colorPalette="blue" onClick={onClose}>
            {t({ id: 'domain.bulk.results.close', message: 'Close' })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Stack gap="2">
          <Text fontWeight="medium" role="status">
            {t({ id: 'domain.bulk.results.progress', message: `${done} of ${queued} done` })}
          </Text>
          <Progress.Root
            value={queued === 0 ? 100 : Math.round((done / queued) * 100)}
            size="sm"
            colorPalette={failed > 0 ? 'red' : 'blue'}
            aria-label={t({ id: 'domain.bulk.results.progressLabel', message: 'Progress' })}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'domain.bulk.results.counts',
              message: `Succeeded ${succeeded} · Failed ${failed} · In progress ${pending} · Skipped ${skipped}`,
            })}
          </Text>
          {!online && pending > 0 ? (
            <Text fontSize="sm" color="fg.warning">
              {t({
                id: 'domain.bulk.results.offlineNote',
                message: 'You are offline: the remaining changes run when you are back online.',
              })}
            </Text>
          ) : null}
        </Stack>
        <Box
          as="ul"
          listStyleType="none"
          m="0"
          p="0"
          borderWidth="1px"
          borderRadius="md"
          aria-label={t({ id: 'domain.bulk.results.listLabel', message: 'Result per domain' })}
        >
          {lines.map(({ item, result }) => {
            const note = detail(result);
            return (
              <Box
                as="li"
                key={item.id}
                px="3"
                py="2"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
              >
                <HStack justify="space-between" gap="3" align="flex-start">
                  <Stack gap="0.5" minW="0">
                    <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
                      {item.domain}
                    </Text>
                    {note ? (
                      <Text fontSize="xs" color={result.status === 'failed' ? 'fg.error' : 'fg.muted'}>
                        {note}
                      </Text>
                    ) : null}
                  </Stack>
                  <Badge colorPalette={palettes[result.status]} variant="subtle" flexShrink={0}>
                    {i18n._(itemStatusLabels[result.status])}
                  </Badge>
                </HStack>
              </Box>
            );
          })}
        </Box>
      </Stack>
    </DialogFrame>
  );
}
