import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment, memo } from 'react';
import { formatDateTime } from '../../ui/format';
import { ExpandButton } from '../../ui/expand-button';
import { contentText, kindLabels, queuedLabels, statusColors, statusLabels } from './content-messages';
import type { ContentRow } from './rows';

/** One task, and under it (opened) its URLs with their states. */
export const RecordRow = memo(function RecordRow({
  row,
  open,
  onToggle,
  onRetry,
}: {
  row: ContentRow;
  open: boolean;
  onToggle(id: string): void;
  onRetry(row: ContentRow): void;
}) {
  const { t, i18n } = useLingui();
  const { task } = row;
  const first = task.urls[0]?.url ?? '';
  const others = task.urls.length - 1;
  const total = task.urls.length;
  const done = row.counts.success;
  const failed = row.counts.failure;
  const canRetry = row.queued === null && task.status === 'failure';
  const detailsId = `content-task-${row.id}`;
  return (
    <Fragment>
      <Table.Row data-task={row.id}>
        <Table.Cell>
          <ExpandButton
            expanded={open}
            controls={detailsId}
            label={
              open
                ? t({ id: 'content.action.collapse', message: `Hide the URLs of ${ph({ url: first })}` })
                : t({ id: 'content.action.expand', message: `Show the URLs of ${ph({ url: first })}` })
            }
            onClick={() => onToggle(row.id)}
          />
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">{formatDateTime(row.submittedAt)}</Table.Cell>
        <Table.Cell whiteSpace="nowrap">{i18n._(kindLabels[task.kind])}</Table.Cell>
        <Table.Cell maxW={{ base: '200px', xl: '300px', '2xl': '420px' }}>
          <HStack gap="1">
            <Text truncate title={first} fontFamily="mono" fontSize="xs">
              {first}
            </Text>
            {others > 0 ? (
              <Text flexShrink={0} color="fg.muted" fontSize="xs">{`+${i18n.number(others)}`}</Text>
            ) : null}
          </HStack>
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          <Stack gap="1" align="flex-start">
            <HStack gap="1">
              <Badge colorPalette={statusColors[task.status]}>{i18n._(statusLabels[task.status])}</Badge>
              {row.queued ? (
                <Badge colorPalette={row.queued === 'queued' ? 'orange' : 'red'} variant="outline">
                  {i18n._(queuedLabels[row.queued])}
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {failed > 0
                ? t({
                    id: 'content.progress.failed',
                    message: `${ph({ done })} of ${ph({ total })} succeeded, ${ph({ failed })} failed`,
                  })
                : t({ id: 'content.progress', message: `${ph({ done })} of ${ph({ total })} succeeded` })}
            </Text>
            {row.rejection ? (
              <Text fontSize="xs" color="fg.error" whiteSpace="normal" maxW="260px">
                {row.rejection}
              </Text>
            ) : null}
          </Stack>
        </Table.Cell>
        <Table.Cell hideBelow="lg">{task.created_by || '—'}</Table.Cell>
        <Table.Cell hideBelow="lg" whiteSpace="nowrap">
          {task.finished_at ? formatDateTime(task.finished_at) : '—'}
        </Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          {canRetry ? (
            <Button size="xs" variant="outline" onClick={() => onRetry(row)}>
              {t({ id: 'content.action.retry', message: 'Retry failed' })}
            </Button>
          ) : (
            <Text color="fg.muted">—</Text>
          )}
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row id={detailsId} bg="bg.subtle">
          <Table.Cell />
          <Table.Cell colSpan={7}>
            <Stack gap="2" py="1">
              {/* Narrow screens show the operator and the finish time here, their columns hidden. */}
              <Text fontSize="xs" color="fg.muted" hideFrom="lg">
                {t({
                  id: 'content.details.meta',
                  message: `Operator: ${ph({ operator: task.created_by || '—' })} · Finished: ${ph({ finished: task.finished_at ? formatDateTime(task.finished_at) : '—' })}`,
                })}
              </Text>
              <Box as="ul" listStyleType="none">
                {task.urls.map((url) => (
                  <Box as="li" key={url.url} py="1">
                    <HStack gap="3" align="flex-start">
                      <Badge flexShrink={0} colorPalette={statusColors[url.status]} size="sm">
                        {i18n._(statusLabels[url.status])}
                      </Badge>
                      <Stack gap="0" minW="0">
                        <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                          {url.url}
                        </Text>
                        {url.message_id ? (
                          <Text fontSize="xs" color="fg.error">
                            {contentText(i18n, url.message_id)}
                          </Text>
                        ) : null}
                      </Stack>
                    </HStack>
                  </Box>
                ))}
              </Box>
            </Stack>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </Fragment>
  );
});
