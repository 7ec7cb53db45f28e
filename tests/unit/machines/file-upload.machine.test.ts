import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../../src/api';
import { Code } from '../../../src/contract';
import type { FileSyncCreateBody, FileSyncTask } from '../../../src/contract/file-sync';
import {
  fileUploadMachine,
  uploadPhaseOf,
  type FileUploadInput,
  type FileUploadSnapshot,
  type UploadPhase,
} from '../../../src/machines/file-upload.machine';

const chunkBytes = 4;
const bytes = new TextEncoder().encode('0123456789abcdefghij'); // 20 bytes: 5 chunks of 4
const md5 = createHash('md5').update(bytes).digest('hex');
const file = new File([bytes], 'clip.mp4');

const taskOf = (over: Partial<FileSyncTask>): FileSyncTask => ({
  id: 'task-1',
  user: 'demo',
  name: 'clip.mp4',
  operation: 'upload',
  size: bytes.length,
  received: 0,
  status: 'uploading',
  md5,
  created_at: '2026-11-26T00:00:00Z',
  completed_at: null,
  failure: null,
  ...over,
});

const noAnswer = () => new ApiError(ApiError.networkCode, 'network error');

/** Never settles; rejects as `fetch` does when the machine aborts the call. */
const hang = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
  );

interface ServerOptions {
  /** Bytes the server holds already. */
  received?: number;
  /** A failure of the n-th create (from 1), or null. */
  createFails?: (call: number) => Error | null;
  /** A failure of the n-th chunk (from 1) sent at `offset`, 'hang' for no answer at all, or null. */
  sendFails?: (offset: number, call: number) => Error | 'hang' | null;
  /** Milliseconds each chunk takes, on the test's clock. */
  msPerChunk?: number;
}

/** A server holding the bytes it counted, and the hashing of this device; every call recorded. */
function fakeServer(clock: SimulatedClock, options: ServerOptions = {}) {
  let received = options.received ?? 0;
  const held = new Uint8Array(bytes.length);
  const creates: FileSyncCreateBody[] = [];
  const offsets: number[] = [];
  const signals: AbortSignal[] = [];
  let hashes = 0;
  const actors = {
    hash: fromPromise<string, { file: Blob; onProgress: (read: number) => void }>(async ({ input }) => {
      hashes += 1;
      const hex = createHash('md5')
        .update(new Uint8Array(await input.file.arrayBuffer()))
        .digest('hex');
      input.onProgress(input.file.size / 2);
      input.onProgress(input.file.size);
      return hex;
    }),
    create: fromPromise<FileSyncTask, FileSyncCreateBody>(async ({ input }) => {
      creates.push(input);
      const failure = options.createFails?.(creates.length);
      if (failure) throw failure;
      return taskOf({ id: input.id, md5: input.md5, received });
    }),
    sendChunk: fromPromise<FileSyncTask, { id: string; offset: number; bytes: Blob }>(
      async ({ input, signal }) => {
        offsets.push(input.offset);
        signals.push(signal);
        // A machine sending in circles fails its test rather than spinning for ever.
        if (offsets.length > 50) throw new Error('Too many chunks');
        const failure = options.sendFails?.(input.offset, offsets.length);
        if (failure === 'hang') return hang(signal);
        if (failure) throw failure;
        if (input.offset !== received) throw new ApiError(Code.offsetMismatch, 'elsewhere', { received });
        held.set(new Uint8Array(await input.bytes.arrayBuffer()), input.offset);
        received += input.bytes.size;
        if (options.msPerChunk) clock.increment(options.msPerChunk);
        return taskOf({ received, status: received === bytes.length ? 'verifying' : 'uploading' });
      },
    ),
  };
  return {
    actors,
    creates,
    offsets,
    signals,
    held,
    get hashes() {
      return hashes;
    },
  };
}

/** The machine started on the fake server; `phases` records what the card showed, in order. */
function start(options: ServerOptions = {}, input: Partial<FileUploadInput> = {}) {
  const clock = new SimulatedClock();
  const server = fakeServer(clock, options);
  const actor = createActor(fileUploadMachine.provide({ actors: server.actors }), {
    input: {
      file,
      resumes: null,
      newId: 'task-1',
      online: true,
      chunkBytes,
      now: () => clock.now(),
      ...input,
    },
    clock,
  });
  const phases: UploadPhase[] = [];
  actor.subscribe((snapshot) => phases.push(uploadPhaseOf(snapshot)));
  actor.start();
  const until = (predicate: (snapshot: FileUploadSnapshot) => boolean) => waitFor(actor, predicate);
  const phase = () => uploadPhaseOf(actor.getSnapshot());
  return { actor, clock, server, phases, until, phase };
}

/** Lets the promises settle that are already on their way (no clock time passes). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fileUploadMachine: a new upload', () => {
  it('hashes the file with progress, creates its task, sends every chunk in order and verifies', async () => {
    const t = start();
    expect(t.actor.getSnapshot().hasTag('running')).toBe(true);
    await t.until((s) => s.matches('verifying'));
    expect(t.phases).toContainEqual({ phase: 'hashing', read: 10 });
    expect(t.phases).toContainEqual({ phase: 'hashing', read: 20 });
    expect(t.server.creates).toEqual([{ id: 'task-1', name: 'clip.mp4', size: 20, md5 }]);
    expect(t.server.offsets).toEqual([0, 4, 8, 12, 16]);
    expect(t.server.held).toEqual(bytes);
    expect(t.phase()).toEqual({ phase: 'verifying' });
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.actor.getSnapshot().hasTag('running')).toBe(false);
  });

  it('shows the progress of each chunk, and the speed once measured over a second', async () => {
    const t = start({ msPerChunk: 250 });
    await t.until((s) => s.matches('verifying'));
    const uploading = t.phases.filter((p) => p.phase === 'uploading');
    expect(uploading.map((p) => p.received)).toEqual([0, 0, 4, 8, 12, 16]);
    // 16 bytes in the first 1000 ms: nothing shown before that.
    expect(uploading.map((p) => p.bytesPerSecond)).toEqual([null, null, null, null, null, 16]);
  });

  it('stops with the server message when the task cannot be created', async () => {
    const t = start({
      createFails: () => new ApiError(Code.limitReached, 'At most 5 unfinished uploads'),
    });
    await t.until((s) => s.matches('failed'));
    expect(t.phase()).toEqual({
      phase: 'failed',
      reason: 'refused',
      message: 'At most 5 unfinished uploads',
    });
    expect(t.server.offsets).toEqual([]);
  });

  it('stops with the message when the file cannot be hashed', async () => {
    const t = start();
    const failing = fileUploadMachine.provide({
      actors: {
        ...t.server.actors,
        hash: fromPromise(() => Promise.reject(new Error('The file could not be read'))),
      },
    });
    const actor = createActor(failing, { input: { file, resumes: null, newId: 'task-2', online: true } });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(uploadPhaseOf(actor.getSnapshot())).toEqual({
      phase: 'failed',
      reason: 'refused',
      message: 'The file could not be read',
    });
  });
});

describe('fileUploadMachine: failures and retries', () => {
  it('creates again with the same id after waits of 1 s then 2 s when the create gets no answer', async () => {
    const t = start({ createFails: (call) => (call <= 2 ? noAnswer() : null) });
    await t.until((s) => s.matches({ running: { waiting: 'retrying' } }));
    expect(t.phase()).toEqual({ phase: 'waiting', received: 0, reason: 'retrying' });
    t.clock.increment(999);
    await settle();
    expect(t.server.creates).toHaveLength(1);
    t.clock.increment(1);
    await t.until(() => t.server.creates.length === 2);
    await t.until((s) => s.matches({ running: { waiting: 'retrying' } }));
    t.clock.increment(1999);
    await settle();
    expect(t.server.creates).toHaveLength(2);
    t.clock.increment(1);
    await t.until((s) => s.matches('verifying'));
    expect(t.server.creates.map((c) => c.id)).toEqual(['task-1', 'task-1', 'task-1']);
    expect(t.server.held).toEqual(bytes);
  });

  it('sends the same chunk again after a wait, cut short when the connection returns', async () => {
    const t = start({ sendFails: (_offset, call) => (call === 3 || call === 4 ? noAnswer() : null) });
    await t.until((s) => s.matches({ running: { waiting: 'retrying' } }));
    expect(t.phase()).toEqual({ phase: 'waiting', received: 8, reason: 'retrying' });
    t.clock.increment(1000);
    await t.until(() => t.server.offsets.length === 4);
    await t.until((s) => s.matches({ running: { waiting: 'retrying' } }));
    // The second wait would be 2 s: the connection coming back sends at once.
    t.actor.send({ type: 'connection.changed', online: true });
    await t.until((s) => s.matches('verifying'));
    expect(t.server.offsets).toEqual([0, 4, 8, 8, 8, 12, 16]);
    expect(t.server.held).toEqual(bytes);
    // After a wait the speed is not shown until measured again.
    expect(t.phases).toContainEqual({ phase: 'uploading', received: 8, bytesPerSecond: null });
  });

  it('waits offline for the connection, however long, then sends the chunk again', async () => {
    const t = start({ sendFails: (_offset, call) => (call === 3 ? noAnswer() : null) });
    t.actor.send({ type: 'connection.changed', online: false });
    await t.until((s) => s.matches({ running: { waiting: 'offline' } }));
    expect(t.phase()).toEqual({ phase: 'waiting', received: 8, reason: 'offline' });
    t.clock.increment(10 * 60_000);
    await settle();
    expect(t.server.offsets).toEqual([0, 4, 8]);
    t.actor.send({ type: 'connection.changed', online: true });
    await t.until((s) => s.matches('verifying'));
    expect(t.server.offsets).toEqual([0, 4, 8, 8, 12, 16]);
  });

  it('continues from the bytes the server holds when a chunk finds it elsewhere (40907)', async () => {
    const t = start({ received: 12 }, { resumes: taskOf({ received: 8 }) });
    await t.until((s) => s.matches('verifying'));
    expect(t.server.offsets).toEqual([8, 12, 16]);
  });

  it.each([
    ['a refusal', new ApiError(Code.invalidTransition, 'This task is no longer uploading')],
    ['a 40907 without the bytes held', new ApiError(Code.offsetMismatch, 'The offset differs')],
  ])('stops on %s with the server message and sends nothing more', async (_, error) => {
    const t = start({ sendFails: (_offset, call) => (call === 2 ? error : null) });
    await t.until((s) => s.matches('failed'));
    expect(t.phase()).toEqual({ phase: 'failed', reason: 'refused', message: error.message });
    expect(t.server.offsets).toEqual([0, 4]);
    expect(t.actor.getSnapshot().status).toBe('done');
  });
});

describe('fileUploadMachine: resuming a task', () => {
  it('sends from the bytes the task holds without creating it again', async () => {
    const t = start({ received: 8 }, { resumes: taskOf({ id: 'older', name: 'clip (1).mp4', received: 8 }) });
    await t.until((s) => s.matches('verifying'));
    expect(t.actor.getSnapshot().context).toMatchObject({ id: 'older', name: 'clip (1).mp4' });
    expect(t.server.creates).toEqual([]);
    expect(t.server.offsets).toEqual([8, 12, 16]);
    expect(t.server.held.slice(8)).toEqual(bytes.slice(8));
  });

  it.each([
    ['of another content', new File([new TextEncoder().encode('another file of 20 b')], 'clip.mp4')],
    ['of another size', new File([bytes.slice(0, 16)], 'clip.mp4')],
  ])('refuses a file %s', async (_, other) => {
    const t = start({ received: 8 }, { file: other, resumes: taskOf({ received: 8 }) });
    await t.until((s) => s.matches('failed'));
    expect(t.phase()).toEqual({ phase: 'failed', reason: 'notSameFile', message: null });
    expect(t.server.creates).toEqual([]);
    expect(t.server.offsets).toEqual([]);
  });
});

describe('fileUploadMachine: pause, resume and cancel', () => {
  it('pauses a chunk under way, and resumes from the bytes the server holds without hashing again', async () => {
    const t = start({ sendFails: (_offset, call) => (call === 3 ? 'hang' : null) });
    await t.until(() => t.server.offsets.length === 3);
    t.actor.send({ type: 'upload.pause' });
    expect(t.phase()).toEqual({ phase: 'paused', received: 8 });
    expect(t.actor.getSnapshot().hasTag('running')).toBe(false);
    expect(t.server.signals[2]?.aborted).toBe(true);

    t.actor.send({ type: 'upload.resume' });
    await t.until((s) => s.matches('verifying'));
    expect(t.server.hashes).toBe(1);
    // The same task asked for again: the server answers the bytes it holds.
    expect(t.server.creates.map((c) => c.id)).toEqual(['task-1', 'task-1']);
    expect(t.server.offsets).toEqual([0, 4, 8, 8, 12, 16]);
    expect(t.server.held).toEqual(bytes);
  });

  it('paused while hashing, hashes again on resume', async () => {
    const t = start();
    t.actor.send({ type: 'upload.pause' });
    expect(t.phase()).toEqual({ phase: 'paused', received: 0 });
    t.actor.send({ type: 'upload.resume' });
    await t.until((s) => s.matches('verifying'));
    expect(t.server.hashes).toBe(2);
  });

  it('cancelled during a chunk, aborts it, sends nothing more and ends', async () => {
    const t = start({ sendFails: (_offset, call) => (call === 2 ? 'hang' : null) });
    await t.until(() => t.server.offsets.length === 2);
    t.actor.send({ type: 'upload.cancel' });
    expect(t.phase()).toEqual({ phase: 'cancelled' });
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.server.signals[1]?.aborted).toBe(true);
    await settle();
    expect(t.server.offsets).toEqual([0, 4]);
  });

  it('cancelled while paused or waiting, ends without another call', async () => {
    const paused = start({ sendFails: (_offset, call) => (call === 2 ? 'hang' : null) });
    await paused.until(() => paused.server.offsets.length === 2);
    paused.actor.send({ type: 'upload.pause' });
    paused.actor.send({ type: 'upload.cancel' });
    expect(paused.phase()).toEqual({ phase: 'cancelled' });

    const waiting = start({ sendFails: (_offset, call) => (call === 2 ? noAnswer() : null) });
    await waiting.until((s) => s.matches({ running: 'waiting' }));
    waiting.actor.send({ type: 'upload.cancel' });
    waiting.clock.increment(60_000);
    await settle();
    expect(waiting.phase()).toEqual({ phase: 'cancelled' });
    expect(waiting.server.offsets).toEqual([0, 4]);
  });
});
