import { useSyncExternalStore } from 'react';
import { createActor, fromPromise } from 'xstate';
import { api } from '../../api';
import type { FileSyncTask } from '../../contract/file-sync';
import {
  fileUploadMachine,
  uploadPhaseOf,
  type FileUploadActor,
  type UploadPhase,
} from '../../machines/file-upload.machine';
import { fileMd5 } from './md5';

/** An upload of this page as the screen shows it. */
export interface Upload {
  id: string;
  name: string;
  size: number;
  state: UploadPhase;
  /** Hashing or sending (waits included): it can be paused. */
  running: boolean;
}

/** The upload machine with the browser's calls; each aborts on the signal the machine gives it. */
const machine = fileUploadMachine.provide({
  actors: {
    hash: fromPromise(({ input, signal }) => fileMd5(input.file, input.onProgress, signal)),
    create: fromPromise(({ input }) => api.call('fileSyncCreate', input, { quiet: true })),
    sendChunk: fromPromise(({ input, signal }) =>
      api
        .sendBytes('fileSyncChunk', { id: input.id, offset: input.offset }, input.bytes, { signal })
        .then(({ task }) => task),
    ),
  },
});

/**
 * The uploads of this page, kept while the user moves between screens (a reload ends them; the
 * task list then offers to resume each from the bytes the server holds).
 */
const uploads = new Map<string, FileUploadActor>();
const listeners = new Set<() => void>();
let snapshot: Upload[] = [];

const running = (actor: FileUploadActor) => actor.getSnapshot().hasTag('running');

function viewOf(actor: FileUploadActor): Upload {
  const state = actor.getSnapshot();
  return {
    id: state.context.id,
    name: state.context.name,
    size: state.context.file.size,
    state: uploadPhaseOf(state),
    running: state.hasTag('running'),
  };
}

function changed() {
  snapshot = [...uploads.values()].map(viewOf);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts the upload of a file: a new task, or the unfinished one it continues. */
export function startUpload(file: File, resumes: FileSyncTask | null) {
  const existing = resumes ? uploads.get(resumes.id) : undefined;
  if (existing && running(existing)) return;
  existing?.stop();
  const actor = createActor(machine, {
    input: { file, resumes, newId: crypto.randomUUID(), online: navigator.onLine },
  });
  uploads.set(actor.getSnapshot().context.id, actor);
  actor.subscribe(changed);
  actor.start();
  changed();
}

export const pauseUpload = (id: string) => uploads.get(id)?.send({ type: 'upload.pause' });

export const resumeUpload = (id: string) => uploads.get(id)?.send({ type: 'upload.resume' });

/** Forgets an upload of the panel (done, failed, or cancelled on the server). */
export function forgetUpload(id: string) {
  const actor = uploads.get(id);
  if (!actor) return;
  uploads.delete(id);
  if (actor.getSnapshot().status === 'active') actor.send({ type: 'upload.cancel' });
  changed();
}

/** The uploads of this page, re-rendering on each of their changes. */
export function useUploads(): Upload[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

if (typeof window !== 'undefined') {
  const connection = (online: boolean) => () => {
    for (const actor of uploads.values())
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'connection.changed', online });
  };
  window.addEventListener('online', connection(true));
  window.addEventListener('offline', connection(false));
  /** Leaving the page with bytes still going asks first (the upload can be resumed, but not by itself). */
  window.addEventListener('beforeunload', (event) => {
    if ([...uploads.values()].some(running)) event.preventDefault();
  });
}
