import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../contract';
import { fileSyncLimits, type FileSyncCreateBody, type FileSyncTask } from '../contract/file-sync';

export interface FileUploadInput {
  file: File;
  /** The unfinished task this file continues; a new task otherwise. */
  resumes: FileSyncTask | null;
  /** The id of the task a new upload creates (unused when it resumes one). */
  newId: string;
  /** Whether the browser is online now; `connection.changed` follows it. */
  online: boolean;
  /** Bytes of one chunk (the contract's, unless a test asks for smaller ones). */
  chunkBytes?: number;
  /** The caller's clock, for the speed shown. */
  now?: () => number;
}

export type UploadFailure = { reason: 'notSameFile'; message: null } | { reason: 'refused'; message: string };

export interface FileUploadContext {
  id: string;
  name: string;
  file: File;
  resumes: FileSyncTask | null;
  chunkBytes: number;
  now: () => number;
  online: boolean;
  /** Computed once: a resume after a pause does not hash again. */
  md5: string | null;
  /** Bytes hashed so far. */
  read: number;
  /** Bytes the server holds, as last heard: where the next chunk starts. */
  received: number;
  /** Calls in a row that got no answer: which of the retry delays comes next. */
  failures: number;
  /** Where the speed is measured from: null until the chunks of this run start. */
  since: { at: number; bytes: number } | null;
  /** The speed last measured (over a second at least). */
  rate: number | null;
  /** The speed shown: none at the start of a run and after a wait. */
  bytesPerSecond: number | null;
  failure: UploadFailure | null;
}

export type FileUploadEvent =
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  /** Stops for good (the task is cancelled or deleted on the server, or the upload dismissed). */
  | { type: 'upload.cancel' }
  | { type: 'connection.changed'; online: boolean }
  | { type: 'hash.progressed'; read: number };

/** What an upload is doing, as its card shows it. */
export type UploadPhase =
  | { phase: 'hashing'; read: number }
  | { phase: 'uploading'; received: number; bytesPerSecond: number | null }
  /** No answer: waiting for the connection (offline) or a moment before trying again. */
  | { phase: 'waiting'; received: number; reason: 'offline' | 'retrying' }
  | { phase: 'paused'; received: number }
  /** Every byte is in: the server checks the MD5 (the task list shows its result). */
  | { phase: 'verifying' }
  /** The picked file is not the one of the task resumed, or the server refused a call. */
  | ({ phase: 'failed' } & UploadFailure)
  | { phase: 'cancelled' };

/** The waits after successive calls with no answer, the last one repeated. */
const retryDelays = [1000, 2000, 5000, 10_000, 30_000] as const;

/** The API client's failure without an answer (`ApiError.isNetworkError`; machines do not import the client). */
const noAnswer = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { isNetworkError?: unknown }).isNetworkError === true;

/** The bytes the server holds when a chunk was sent at another offset (40907), if it said. */
function heldElsewhere(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code !== Code.offsetMismatch || typeof data !== 'object' || data === null) return null;
  const received = (data as { received?: unknown }).received;
  return typeof received === 'number' ? received : null;
}

const refusal = (error: unknown): UploadFailure => ({
  reason: 'refused',
  message: error instanceof Error ? error.message : String(error),
});

/** The chunks of a run start at `offset`: the speed is measured from there. */
const startChunks = (context: FileUploadContext, offset: number): Partial<FileUploadContext> => ({
  received: offset,
  failures: 0,
  since: { at: context.now(), bytes: offset },
  rate: null,
  bytesPerSecond: null,
});

/** A chunk landed: the server says how many bytes it holds; the speed is measured each second. */
function chunkLanded(context: FileUploadContext, task: FileSyncTask): Partial<FileUploadContext> {
  const at = context.now();
  const since = context.since ?? { at, bytes: task.received };
  const measured = at - since.at >= 1000;
  const rate = measured ? ((task.received - since.bytes) * 1000) / (at - since.at) : context.rate;
  return {
    received: task.received,
    failures: 0,
    since: measured ? { at, bytes: task.received } : since,
    rate,
    bytesPerSecond: rate,
  };
}

/**
 * One file going to the server (spec §2 /cdn/file-sync, §3): its MD5 first (`hash`), then the
 * task (created with the same id each time, so a create whose answer was lost answers the task
 * it made; or the one resumed, whose MD5 and size must match), then its chunks from the bytes the
 * server holds. A chunk that finds the server elsewhere (40907) continues from there; a call with
 * no answer waits for the connection (offline) or a moment, then is sent again; any other failure
 * ends the upload with the server's message. Pausing abandons the call under way (the server
 * keeps what it counted) and resuming asks the server again. The injected actors make the calls
 * and abort them on the signal they get when the machine leaves their state.
 */
export const fileUploadMachine = setup({
  types: {
    input: {} as FileUploadInput,
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
    tags: {} as 'running',
  },
  actors: {
    /** The file's MD5 (hex), `onProgress` told the bytes read so far. */
    hash: fromPromise<string, { file: Blob; onProgress: (read: number) => void }>(() =>
      Promise.reject(new Error('fileUploadMachine: provide the hash actor')),
    ),
    /** Creates the task (the same id answers the same task). */
    create: fromPromise<FileSyncTask, FileSyncCreateBody>(() =>
      Promise.reject(new Error('fileUploadMachine: provide the create actor')),
    ),
    /** Sends the bytes at `offset`; answers the task with the bytes the server now holds. */
    sendChunk: fromPromise<FileSyncTask, { id: string; offset: number; bytes: Blob }>(() =>
      Promise.reject(new Error('fileUploadMachine: provide the sendChunk actor')),
    ),
  },
  delays: {
    retryDelay: ({ context }) => retryDelays[Math.min(context.failures, retryDelays.length - 1)]!,
  },
  guards: {
    hashed: ({ context }) => context.md5 !== null,
    resuming: ({ context }) => context.resumes !== null,
    notSameFile: ({ context }) =>
      context.resumes !== null &&
      (context.resumes.size !== context.file.size || context.resumes.md5 !== context.md5),
    chunksStarted: ({ context }) => context.since !== null,
    allSent: ({ context }) => context.received >= context.file.size,
    offline: ({ context }) => !context.online,
    backOnline: ({ event }) => event.type === 'connection.changed' && event.online,
  },
  actions: {
    noteConnection: assign({
      online: ({ context, event }) => (event.type === 'connection.changed' ? event.online : context.online),
    }),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({
    id: input.resumes?.id ?? input.newId,
    name: input.resumes?.name ?? input.file.name,
    file: input.file,
    resumes: input.resumes,
    chunkBytes: input.chunkBytes ?? fileSyncLimits.chunkBytes,
    now: input.now ?? Date.now,
    online: input.online,
    md5: null,
    read: 0,
    received: 0,
    failures: 0,
    since: null,
    rate: null,
    bytesPerSecond: null,
    failure: null,
  }),
  initial: 'running',
  on: {
    'connection.changed': { actions: 'noteConnection' },
    'upload.cancel': '.cancelled',
  },
  states: {
    running: {
      tags: ['running'],
      entry: assign({ failures: 0, since: null, bytesPerSecond: null }),
      on: { 'upload.pause': 'paused' },
      initial: 'hashing',
      states: {
        hashing: {
          entry: assign({ read: 0 }),
          on: { 'hash.progressed': { actions: assign({ read: ({ event }) => event.read }) } },
          invoke: {
            src: 'hash',
            input: ({ context, self }) => ({
              file: context.file,
              onProgress: (read: number) => self.send({ type: 'hash.progressed', read }),
            }),
            onDone: { target: 'checkingFile', actions: assign({ md5: ({ event }) => event.output }) },
            onError: {
              target: '#fileUpload.failed',
              actions: assign({ failure: ({ event }) => refusal(event.error) }),
            },
          },
        },
        checkingFile: {
          always: [
            {
              guard: 'notSameFile',
              target: '#fileUpload.failed',
              actions: assign({ failure: { reason: 'notSameFile', message: null } }),
            },
            {
              // The offset the list showed may be stale: the server answers 40907 with its own.
              guard: 'resuming',
              target: 'sending',
              actions: assign(({ context }) => startChunks(context, context.resumes?.received ?? 0)),
            },
            { target: 'creating' },
          ],
        },
        creating: {
          invoke: {
            src: 'create',
            input: ({ context }) => ({
              id: context.id,
              name: context.file.name,
              size: context.file.size,
              md5: context.md5 ?? '',
            }),
            onDone: {
              target: 'sending',
              actions: assign(({ context, event }) => startChunks(context, event.output.received)),
            },
            onError: [
              { guard: ({ event }) => noAnswer(event.error), target: 'waiting' },
              {
                target: '#fileUpload.failed',
                actions: assign({ failure: ({ event }) => refusal(event.error) }),
              },
            ],
          },
        },
        sending: {
          initial: 'next',
          states: {
            next: {
              always: [{ guard: 'allSent', target: '#fileUpload.verifying' }, { target: 'chunk' }],
            },
            chunk: {
              invoke: {
                src: 'sendChunk',
                input: ({ context }) => ({
                  id: context.id,
                  offset: context.received,
                  bytes: context.file.slice(
                    context.received,
                    Math.min(context.file.size, context.received + context.chunkBytes),
                  ),
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.status !== 'uploading',
                    target: '#fileUpload.verifying',
                    actions: assign(({ context, event }) => chunkLanded(context, event.output)),
                  },
                  {
                    target: 'next',
                    actions: assign(({ context, event }) => chunkLanded(context, event.output)),
                  },
                ],
                onError: [
                  {
                    guard: ({ event }) => heldElsewhere(event.error) !== null,
                    target: 'next',
                    actions: assign(({ context, event }) => {
                      const held = heldElsewhere(event.error) ?? context.received;
                      return {
                        received: held,
                        since: { at: context.now(), bytes: held },
                        bytesPerSecond: context.rate,
                      };
                    }),
                  },
                  { guard: ({ event }) => noAnswer(event.error), target: '#fileUpload.running.waiting' },
                  {
                    target: '#fileUpload.failed',
                    actions: assign({ failure: ({ event }) => refusal(event.error) }),
                  },
                ],
              },
            },
          },
        },
        /**
         * After a call with no answer: offline, until the connection returns; online, a moment
         * (cut short when the connection returns). Then the same call again.
         */
        waiting: {
          initial: 'choosing',
          exit: assign({ failures: ({ context }) => context.failures + 1, bytesPerSecond: null }),
          on: {
            'connection.changed': [
              { guard: 'backOnline', target: 'callingAgain', actions: 'noteConnection' },
              { actions: 'noteConnection' },
            ],
          },
          states: {
            choosing: { always: [{ guard: 'offline', target: 'offline' }, { target: 'retrying' }] },
            offline: {},
            retrying: { after: { retryDelay: '#fileUpload.running.callingAgain' } },
          },
        },
        /** The call that got no answer goes again: the same chunk once chunks started, else the create. */
        callingAgain: {
          always: [{ guard: 'chunksStarted', target: 'sending' }, { target: 'creating' }],
        },
      },
    },
    paused: {
      on: {
        'upload.resume': [{ guard: 'hashed', target: 'running.checkingFile' }, { target: 'running' }],
      },
    },
    verifying: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type FileUploadActor = ActorRefFrom<typeof fileUploadMachine>;
export type FileUploadSnapshot = SnapshotFrom<typeof fileUploadMachine>;

/** The phase an upload's card shows for a snapshot of its machine. */
export function uploadPhaseOf(snapshot: FileUploadSnapshot): UploadPhase {
  const { context } = snapshot;
  const received = context.received;
  if (snapshot.matches({ running: 'hashing' })) return { phase: 'hashing', read: context.read };
  if (snapshot.matches({ running: { waiting: 'offline' } }))
    return { phase: 'waiting', received, reason: 'offline' };
  if (snapshot.matches({ running: 'waiting' })) return { phase: 'waiting', received, reason: 'retrying' };
  if (snapshot.matches('running'))
    return { phase: 'uploading', received, bytesPerSecond: context.bytesPerSecond };
  if (snapshot.matches('paused')) return { phase: 'paused', received };
  if (snapshot.matches('verifying')) return { phase: 'verifying' };
  if (snapshot.matches('failed') && context.failure) return { phase: 'failed', ...context.failure };
  return { phase: 'cancelled' };
}
