import { useSyncExternalStore } from 'react';
import { api } from '../../api';
import { fileSyncLimits, type FileSyncTask } from '../../contract/file-sync';
import { fileMd5 } from './md5';
import { Upload, type UploadDeps } from './upload';

const aborted = () => new DOMException('Stopped', 'AbortError');

function whenOnline(signal: AbortSignal): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', done);
      reject(aborted());
    };
    window.addEventListener('online', done, { once: true });
    signal.addEventListener('abort', stop, { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    // Back online: try at once rather than at the end of the wait.
    const online = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      reject(aborted());
    };
    signal.addEventListener('abort', stop, { once: true });
    window.addEventListener('online', online, { once: true });
  });
}

const liveDeps: UploadDeps = {
  md5: fileMd5,
  create: (body) => api.call('fileSyncCreate', body, { quiet: true }),
  send: (input, bytes, signal) => api.sendBytes('fileSyncChunk', input, bytes, { signal }),
  chunkBytes: fileSyncLimits.chunkBytes,
  online: () => navigator.onLine,
  whenOnline,
  sleep,
  now: () => Date.now(),
};

/**
 * The uploads of this page, kept while the user moves between screens (a reload ends them; the
 * task list then offers to resume each from the bytes the server holds).
 */
const uploads = new Map<string, Upload>();
const listeners = new Set<() => void>();
let snapshot: Upload[] = [];

function changed() {
  snapshot = [...uploads.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts the upload of a file: a new task, or the unfinished one it continues. */
export function startUpload(file: File, resumes: FileSyncTask | null, deps: UploadDeps = liveDeps): Upload {
  const existing = resumes ? uploads.get(resumes.id) : undefined;
  if (existing?.running) return existing;
  const upload = new Upload(file, deps, resumes);
  uploads.set(upload.id, upload);
  upload.subscribe(changed);
  void upload.run().finally(changed);
  changed();
  return upload;
}

/** Forgets an upload of the panel (done, failed, or cancelled on the server). */
export function forgetUpload(id: string) {
  uploads.get(id)?.pause();
  if (uploads.delete(id)) changed();
}

export const uploadOf = (id: string): Upload | undefined => uploads.get(id);

/** The uploads of this page, re-rendering on each of their changes. */
export function useUploads(): Upload[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Leaving the page with bytes still going asks first (the upload can be resumed, but not by itself). */
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if ([...uploads.values()].some((u) => u.running)) event.preventDefault();
  });
}
