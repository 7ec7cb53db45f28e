import { Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { fileSyncLimits, type FileSyncTask } from '../../contract/file-sync';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { EmptyListCard } from '../../ui/empty-list-card';
import { ListPage } from '../../ui/list-page';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { RemoveTaskDialog, type PendingRemoval } from './remove-task-dialog';
import { StorageCard } from './storage-card';
import { TaskTable } from './task-table';
import { UploadCard } from './upload-card';
import { forgetUpload, startUpload, useUploads } from './uploads';

/**
 * Large-file sync (spec §2 /cdn/file-sync, §3): files uploaded in chunks to the account's storage,
 * each resumable from the bytes the server holds after an interruption (a reload: pick the file
 * again), its MD5 computed here and checked by the server; the tasks of uploads and deletions.
 */
function FileSyncBody() {
  const { t } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const uploads = useUploads();
  const active = uploads.some((u) => u.running || u.state.phase === 'verifying');
  const [verifying, setVerifying] = useState(false);
  // Read again every 2 s while bytes go from this page or the server checks an MD5.
  const read = useCall('fileSyncList', undefined, { refetchInterval: verifying || active ? 2000 : false });
  const pick = useRef<HTMLInputElement>(null);
  const [resuming, setResuming] = useState<FileSyncTask | null>(null);
  const [pending, setPending] = useState<PendingRemoval | null>(null);
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

  /** The uploads of this page whose task is not yet listed, or still uploading or being checked. */
  const shownUploads = uploads.filter((u) => {
    const task = lists?.find((item) => item.id === u.id);
    return !task || task.status === 'uploading' || task.status === 'verifying';
  });

  const uploadButton = (
    <Button
      colorPalette="blue"
      disabled={!online || read.data === undefined}
      onClick={() => chooseFile(null)}
    >
      {t({ id: 'fileSync.action.upload', message: 'Upload file' })}
    </Button>
  );

  return (
    <ListPage
      title={title}
      intro={t({
        id: 'fileSync.screen.intro',
        message:
          'Upload large files to your storage in chunks: an interrupted upload resumes where it stopped, and the server checks the MD5 of each file.',
      })}
      reads={reads}
      read={read}
      actions={uploadButton}
      neverRead={{ what: t({ id: 'fileSync.list.what', message: 'the file sync tasks' }) }}
    >
      {({ lists: rows, storage }) => (
        <>
          {input}
          <StorageCard storage={storage} />
          {!online ? (
            <Text fontSize="sm" color="fg.muted" role="status">
              {t({
                id: 'fileSync.offline',
                message:
                  'Offline: uploads and deletions need the connection; the list below is as last read.',
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
            <EmptyListCard
              title={t({ id: 'fileSync.list.empty', message: 'No file sync tasks yet.' })}
              hint={t({
                id: 'fileSync.list.emptyHint',
                message:
                  'Upload a file to your storage: large files go in chunks, and an interrupted upload resumes where it stopped.',
              })}
              action={uploadButton}
            />
          ) : (
            <TaskTable
              rows={rows}
              uploads={uploads}
              online={online}
              onResume={chooseFile}
              onDelete={(task, done) => setPending({ task, done })}
            />
          )}
          <RemoveTaskDialog
            pending={pending}
            onClose={() => setPending(null)}
            onSettled={() => read.refetch()}
          />
        </>
      )}
    </ListPage>
  );
}

export const FileSyncScreen = withReads(FileSyncBody, useReadAccounts);
