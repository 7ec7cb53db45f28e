import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FileSyncTask } from '../../contract/file-sync';
import { formatDateTime } from '../../ui/format';
import { ProgressBar } from './progress-bar';
import { sizeText } from './size-text';
import { failureLabels, operationLabels, statusColors, statusLabels } from './task-labels';
import type { Upload } from './uploads';

/** What removing a task does: cancels an upload under way, deletes a stored file, or removes the record. */
export type TaskRemoval = 'cancelled' | 'deleted' | 'removed';

/** One task of the list, with the live progress of this page's upload of it. */
export function TaskRow({
  task,
  upload,
  online,
  onResume,
  onDelete,
}: {
  task: FileSyncTask;
  upload: Upload | undefined;
  online: boolean;
  onResume: () => void;
  onDelete: (done: TaskRemoval) => void;
}) {
  const { t, i18n } = useLingui();
  const share = task.size > 0 ? task.received / task.size : 0;
  const live = upload && task.status === 'uploading' ? upload.state : null;
  const liveReceived = live && 'received' in live ? live.received : task.received;
  const here = upload?.running === true;
  const failure = task.failure ? failureLabels[task.failure] : undefined;
  const done: TaskRemoval =
    task.operation === 'upload' && task.status === 'uploading'
      ? 'cancelled'
      : task.operation === 'upload' && task.status === 'succeeded'
        ? 'deleted'
        : 'removed';
  return (
    <Table.Row data-task={task.id} data-status={task.status}>
      <Table.Cell minW="180px" maxW="320px" wordBreak="break-word">
        {task.name}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{i18n._(operationLabels[task.operation])}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {sizeText(task.size, i18n.locale)}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <HStack>
            <Badge colorPalette={statusColors[task.status]}>{i18n._(statusLabels[task.status])}</Badge>
          </HStack>
          {task.status === 'uploading' ? (
            <>
              <ProgressBar value={(liveReceived / Math.max(1, task.size)) * 100} label={task.name} />
              <Text fontSize="xs" color="fg.muted">
                {here
                  ? i18n.number(liveReceived / Math.max(1, task.size), {
                      style: 'percent',
                      maximumFractionDigits: 1,
                    })
                  : t({
                      id: 'fileSync.row.resumable',
                      message: `Stopped at ${ph({ percent: i18n.number(share, { style: 'percent', maximumFractionDigits: 1 }) })}: choose the file again to resume`,
                    })}
              </Text>
            </>
          ) : null}
          {failure ? (
            <Text fontSize="xs" color="fg.error">
              {i18n._(failure)}
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell hideBelow="lg" fontFamily="mono" fontSize="xs" data-md5={task.md5}>
        {task.md5}
      </Table.Cell>
      <Table.Cell hideBelow="xl">{task.user}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(task.created_at)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap" hideBelow="lg">
        {task.completed_at ? formatDateTime(task.completed_at) : '—'}
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1" flexWrap="wrap">
          {task.status === 'uploading' && !here ? (
            <Button size="xs" variant="outline" disabled={!online} onClick={onResume}>
              {t({ id: 'fileSync.action.resume', message: 'Resume' })}
            </Button>
          ) : null}
          {task.status !== 'verifying' ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette={done === 'removed' ? undefined : 'red'}
              disabled={!online}
              onClick={() => onDelete(done)}
            >
              {done === 'cancelled'
                ? t({ id: 'fileSync.action.cancel', message: 'Cancel' })
                : done === 'deleted'
                  ? t({ id: 'fileSync.action.delete', message: 'Delete file' })
                  : t({ id: 'fileSync.action.remove', message: 'Remove' })}
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
