import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FileSyncOperation, FileSyncStatus } from '../../contract/file-sync';

export const statusLabels: Record<FileSyncStatus, MessageDescriptor> = {
  uploading: msg({ id: 'fileSync.status.uploading', message: 'Uploading' }),
  verifying: msg({ id: 'fileSync.status.verifying', message: 'Checking MD5' }),
  succeeded: msg({ id: 'fileSync.status.succeeded', message: 'Succeeded' }),
  failed: msg({ id: 'fileSync.status.failed', message: 'Failed' }),
  cancelled: msg({ id: 'fileSync.status.cancelled', message: 'Cancelled' }),
  deleted: msg({ id: 'fileSync.status.deleted', message: 'File deleted' }),
};

export const statusColors: Record<FileSyncStatus, string> = {
  uploading: 'blue',
  verifying: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  deleted: 'gray',
};

export const operationLabels: Record<FileSyncOperation, MessageDescriptor> = {
  upload: msg({ id: 'fileSync.operation.upload', message: 'Upload' }),
  delete: msg({ id: 'fileSync.operation.delete', message: 'Delete' }),
};

/** Why a task failed, as the server words it (the same ids and English texts). */
export const failureLabels: Record<string, MessageDescriptor> = {
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
