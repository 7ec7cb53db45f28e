import {
  Badge,
  Box,
  Button,
  Card,
  HStack,
  Heading,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import {
  fileSyncLimits,
  type FileSyncOperation,
  type FileSyncStatus,
  type FileSyncTask,
} from '../../contract/file-sync';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDateTime } from '../../ui/format';
import { NeverReadCall } from '../../ui/never-read-call';
import { ScreenHeader } from '../../ui/screen-header';
import { StoredListStatus } from '../../ui/stored-list-status';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import type { Upload, UploadPhase } from './upload';
import { forgetUpload, startUpload, useUploads } from './uploads';

const statusLabels: Record<FileSyncStatus, MessageDescriptor> = {
  uploading: msg({ id: 'fileSync.status.uploading', message: 'Uploading' }),
  verifying: msg({ id: 'fileSync.status.verifying', message: 'Checking MD5' }),
  succeeded: msg({ id: 'fileSync.status.succeeded', message: 'Succeeded' }),
  failed: msg({ id: 'fileSync.status.failed', message: 'Failed' }),
  cancelled: msg({ id: 'fileSync.status.cancelled', message: 'Cancelled' }),
  deleted: msg({ id: 'fileSync.status.deleted', message: 'File deleted' }),
};

const statusColors: Record<FileSyncStatus, string> = {
  uploading: 'blue',
  verifying: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  deleted: 'gray',
};

const operationLabels: Record<FileSyncOperation, MessageDescriptor> = {
  upload: msg({ id: 'fileSync.operation.upload', message: 'Upload' }),
  delete: msg({ id: 'fileSync.operation.delete', message: 'Delete' }),
};

/** Why a task failed, as the server words it (the same ids and English texts). */
const failureLabels: Record<string, MessageDescriptor> = {
  'fileSync.md5.mismatch': msg({
    id: 'fileSync.md5.mismatch',
    message: 'The MD5 checked by the server does not match the file: it was not kept, please upload it again',
  }),
  'fileSync.verify.unreadable': msg({
    id: 'fileSync.verify.unreadable',
    message: 'The uploaded bytes could not be read: the file was not kept, please upload it again',
  }),
  'fileSync.abandoned': msg({
    id: 'fileSync.abandoned',
    message: 'The upload was not resumed for 7 days and was cancelled',
  }),
};

/** Bytes in binary units, as files are measured. */
export function sizeText(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString(locale === 'en_US' ? 'en-US' : 'zh-CN', { maximumFractionDigits: digits })} ${units[unit]}`;
}

function Bar({ value, label, palette = 'blue' }: { value: number; label: string; palette?: string }) {
  return (
    <Progress.Root value={Math.min(100, value)} size="sm" colorPalette={palette} aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** The words and share of an upload's progress. */
function usePhaseText(upload: Upload) {
  const { t, i18n } = useLingui();
  const size = (n: number) => sizeText(n, i18n.locale);
  const state: UploadPhase = upload.state;
  const percent = (n: number) =>
    i18n.number(upload.size > 0 ? n / upload.size : 1, { style: 'percent', maximumFractionDigits: 1 });
  switch (state.phase) {
    case 'hashing':
      return {
        share: (state.read / Math.max(1, upload.size)) * 100,
        text: t({
          id: 'fileSync.phase.hashing',
          message: `Computing the MD5 on this device: ${ph({ percent: percent(state.read) })}`,
        }),
      };
    case 'uploading': {
      const done = `${size(state.received)} / ${size(upload.size)}`;
      const speed = state.bytesPerSecond === null ? '' : `${size(state.bytesPerSecond)}/s`;
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text: speed
          ? t({
              id: 'fileSync.phase.uploadingAt',
              message: `Uploading: ${ph({ done })} (${ph({ percent: percent(state.received) })}), ${ph({ speed })}`,
            })
          : t({
              id: 'fileSync.phase.uploading',
              message: `Uploading: ${ph({ done })} (${ph({ percent: percent(state.received) })})`,
            }),
      };
    }
    case 'waiting':
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text:
          state.reason === 'offline'
            ? t({
                id: 'fileSync.phase.offline',
                message: 'Offline: the upload goes on by itself when the connection returns.',
              })
            : t({ id: 'fileSync.phase.retrying', message: 'No answer from the server: trying again…' }),
      };
    case 'paused':
      return {
        share: (state.received / Math.max(1, upload.size)) * 100,
        text: t({
          id: 'fileSync.phase.paused',
          message: `Paused at ${ph({ percent: percent(state.received) })}`,
        }),
      };
    case 'verifying':
      return {
        share: 100,
        text: t({
          id: 'fileSync.phase.verifying',
          message: 'All bytes are in: the server is checking the MD5…',
        }),
      };
    case 'failed':
      return {
        share: 0,
        text:
          state.reason === 'notSameFile'
            ? t({
                id: 'fileSync.phase.notSameFile',
                message:
                  'This is not the file of the task: its size or MD5 differs. Choose the same file to resume.',
              })
            : (state.message ?? ''),
      };
  }
}

function UploadCard({ upload, online }: { upload: Upload; online: boolean }) {
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
                <Button size="xs" variant="outline" disabled={!online} onClick={() => void upload.run()}>
                  {t({ id: 'fileSync.action.resume', message: 'Resume' })}
                </Button>
              ) : null}
              {upload.running && state.phase !== 'verifying' ? (
                <Button size="xs" variant="outline" onClick={() => upload.pause()}>
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
          <Bar value={share} label={upload.name} palette={ended ? 'red' : 'blue'} />
          <Text fontSize="sm" color={ended ? 'fg.error' : 'fg.muted'} role={ended ? 'alert' : 'status'}>
            {text}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

type Pending = { task: FileSyncTask; done: 'cancelled' | 'deleted' | 'removed' };

/**
 * Large-file sync (spec §2 /cdn/file-sync, §3): files uploaded in chunks to the account's storage,
 * each resumable from the bytes the server holds after an interruption (a reload: pick the file
 * again), its MD5 computed here and checked by the server; the tasks of uploads and deletions.
 */
function FileSyncBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const uploads = useUploads();
  const active = uploads.some((u) => u.running || u.state.phase === 'verifying');
  const [verifying, setVerifying] = useState(false);
  // Read again every 2 s while bytes go from this page or the server checks an MD5.
  const read = useCall('fileSyncList', undefined, { refetchInterval: verifying || active ? 2000 : false });
  const pick = useRef<HTMLInputElement>(null);
  const [resuming, setResuming] = useState<FileSyncTask | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const lists = read.data?.lists;

  // Uploads whose task the server has finished leave the panel; the list shows how they ended.
  const listVerifying = lists?.some((task) => task.status === 'verifying') ?? false;
  if (listVerifying !== verifying) setVerifying(listVerifying);
  useEffect(() => {
    for (const upload of uploads) {
      const task = lists?.find((item) => item.id === upload.id);
      if (task && task.status !== 'uploading' && task.status !== 'verifying' && !upload.running)
        forgetUpload(upload.id);
    }
  }, [lists, uploads]);

  const title = t({ id: 'fileSync.screen.title', message: 'Large-file sync' });
  const chooseFile = (task: FileSyncTask | null) => {
    setResuming(task);
    if (pick.current) {
      pick.current.value = '';
      pick.current.click();
    }
  };
  const onPicked = (file: File | undefined) => {
    if (!file) return;
    if (file.size > fileSyncLimits.fileBytesMax) {
      notify('error', t({ id: 'fileSync.pick.tooLarge', message: 'A file can be at most 20 GB' }));
      return;
    }
    // A file of the name and size of an unfinished upload continues it.
    const resumes =
      resuming ??
      lists?.find(
        (task) =>
          task.operation === 'upload' &&
          task.status === 'uploading' &&
          task.name === file.name &&
          task.size === file.size,
      ) ??
      null;
    startUpload(file, resumes);
    setResuming(null);
    read.refetch();
  };

  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      forgetUpload(pending.task.id);
      const result = await api.call('fileSyncDelete', { id: pending.task.id });
      notify(
        'success',
        result.done === 'cancelled'
          ? t({ id: 'fileSync.done.cancelled', message: 'The upload was cancelled' })
          : result.done === 'deleted'
            ? t({ id: 'fileSync.done.deleted', message: 'The file was deleted' })
            : t({ id: 'fileSync.done.removed', message: 'The record was removed' }),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
      setPending(null);
      read.refetch();
    }
  };

  const header = (
    <ScreenHeader
      title={title}
      summary={
        <Text color="fg.muted" fontSize="sm">
          {t({
            id: 'fileSync.screen.intro',
            message:
              'Upload large files to your storage in chunks: an interrupted upload resumes where it stopped, and the server checks the MD5 of each file.',
          })}
        </Text>
      }
    >
      <StoredListStatus list={reads} />
      <Button
        colorPalette="blue"
        disabled={!online || read.data === undefined}
        onClick={() => chooseFile(null)}
      >
        {t({ id: 'fileSync.action.upload', message: 'Upload file' })}
      </Button>
    </ScreenHeader>
  );
  const input = (
    <VisuallyHidden>
      <input
        ref={pick}
        type="file"
        tabIndex={-1}
        aria-label={t({ id: 'fileSync.pick.label', message: 'File to upload' })}
        onChange={(event) => onPicked(event.currentTarget.files?.[0])}
      />
    </VisuallyHidden>
  );

  if (read.data === undefined) {
    return (
      <Stack gap="5" maxW="1400px" mx="auto">
        {header}
        <NeverReadCall
          reads={reads}
          failed={read.failed}
          error={read.error}
          loading={t({ id: 'fileSync.list.loading', message: 'Loading the file sync tasks…' })}
          failedTitle={t({ id: 'fileSync.list.failed', message: 'The file sync tasks could not be loaded.' })}
          offlineTitle={t({
            id: 'fileSync.list.offlineTitle',
            message: 'The file sync tasks have not been loaded on this device yet.',
          })}
          offlineHint={t({
            id: 'fileSync.list.offlineHint',
            message: 'Connect to the internet once to load them; they are then kept for offline use.',
          })}
        />
      </Stack>
    );
  }

  const { storage } = read.data;
  const used = sizeText(storage.used, i18n.locale);
  const max = sizeText(storage.max, i18n.locale);
  const rows = read.data.lists;
  const shownUploads = uploads.filter((u) => {
    const task = rows.find((item) => item.id === u.id);
    return !task || task.status === 'uploading' || task.status === 'verifying';
  });

  return (
    <Stack gap="5" maxW="1400px" mx="auto">
      {header}
      {input}
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
            <Bar
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
      {!online ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t({
            id: 'fileSync.offline',
            message: 'Offline: uploads and deletions need the connection; the list below is as last read.',
          })}
        </Text>
      ) : null}
      {shownUploads.length > 0 ? (
        <Stack
          gap="2"
          as="section"
          aria-label={t({ id: 'fileSync.uploads.title', message: 'Uploads on this page' })}
        >
          {shownUploads.map((upload) => (
            <UploadCard key={upload.id} upload={upload} online={online} />
          ))}
        </Stack>
      ) : null}
      {rows.length === 0 ? (
        <Card.Root variant="outline">
          <Card.Body>
            <Text textAlign="center" color="fg.muted" py="6">
              {t({ id: 'fileSync.list.none', message: 'No file sync tasks yet. Upload a file to start.' })}
            </Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t({ id: 'fileSync.list.table', message: 'File sync tasks' })}>
            <Table.Header>
              <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
                <Table.ColumnHeader>{t({ id: 'fileSync.col.file', message: 'File' })}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'fileSync.col.operation', message: 'Operation' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t({ id: 'fileSync.col.size', message: 'Size' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader minW="150px">
                  {t({ id: 'fileSync.col.status', message: 'Status' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">MD5</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="xl">
                  {t({ id: 'fileSync.col.user', message: 'User' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'fileSync.col.created', message: 'Created' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">
                  {t({ id: 'fileSync.col.completed', message: 'Completed' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'fileSync.col.actions', message: 'Actions' })}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  upload={uploads.find((u) => u.id === task.id)}
                  online={online}
                  onResume={() => chooseFile(task)}
                  onDelete={(done) => setPending({ task, done })}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.done === 'cancelled'
            ? t({ id: 'fileSync.confirm.cancelTitle', message: 'Cancel the upload?' })
            : pending?.done === 'deleted'
              ? t({ id: 'fileSync.confirm.deleteTitle', message: 'Delete the file?' })
              : t({ id: 'fileSync.confirm.removeTitle', message: 'Remove the record?' })
        }
        message={
          pending === null
            ? ''
            : pending.done === 'cancelled'
              ? t({
                  id: 'fileSync.confirm.cancel',
                  message: `The upload of ${ph({ name: pending.task.name })} is stopped and the bytes uploaded so far are dropped.`,
                })
              : pending.done === 'deleted'
                ? t({
                    id: 'fileSync.confirm.delete',
                    message: `${ph({ name: pending.task.name })} is deleted from your storage. This cannot be undone.`,
                  })
                : t({
                    id: 'fileSync.confirm.remove',
                    message: `The record of ${ph({ name: pending.task.name })} is removed from the list.`,
                  })
        }
        confirmLabel={
          busy
            ? t({ id: 'fileSync.confirm.working', message: 'Working…' })
            : t({ id: 'fileSync.confirm.yes', message: 'Confirm' })
        }
        cancelLabel={t({ id: 'fileSync.confirm.no', message: 'Back' })}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}

function TaskRow({
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
  onDelete: (done: Pending['done']) => void;
}) {
  const { t, i18n } = useLingui();
  const share = task.size > 0 ? task.received / task.size : 0;
  const live = upload && task.status === 'uploading' ? upload.state : null;
  const liveReceived = live && 'received' in live ? live.received : task.received;
  const here = upload?.running === true;
  const failure = task.failure ? failureLabels[task.failure] : undefined;
  const done: Pending['done'] =
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
              <Bar value={(liveReceived / Math.max(1, task.size)) * 100} label={task.name} />
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
        <HStack gap="1">
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

export const FileSyncScreen = withReads(FileSyncBody, useReadAccounts);
