import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api';
import { Code } from '../../../../src/contract';
import type { FileSyncTask } from '../../../../src/contract/file-sync';
import { md5OfBlob } from '../../../../src/features/file-sync/md5-core';
import { Upload, type UploadDeps } from '../../../../src/features/file-sync/upload';

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

/** A server holding the bytes it counted, with scripted failures of its sends. */
function fakeServer(
  options: { received?: number; failures?: (offset: number, call: number) => Error | null } = {},
) {
  let received = options.received ?? 0;
  const held = new Uint8Array(bytes.length);
  const offsets: number[] = [];
  let online = true;
  let calls = 0;
  const deps: UploadDeps = {
    md5: (blob, onProgress) => md5OfBlob(blob, onProgress),
    create: (body) => Promise.resolve(taskOf({ id: body.id, md5: body.md5 })),
    async send(input, blob) {
      calls += 1;
      offsets.push(input.offset);
      const failure = options.failures?.(input.offset, calls);
      if (failure) throw failure;
      if (input.offset !== received) throw new ApiError(Code.offsetMismatch, 'elsewhere', { received });
      held.set(new Uint8Array(await blob.arrayBuffer()), input.offset);
      received += blob.size;
      return { task: taskOf({ received, status: received === bytes.length ? 'verifying' : 'uploading' }) };
    },
    chunkBytes,
    online: () => online,
    whenOnline: () => {
      online = true;
      return Promise.resolve();
    },
    sleep: () => Promise.resolve(),
    now: () => 0,
  };
  return {
    deps,
    offsets,
    held,
    goOffline: () => (online = false),
    get received() {
      return received;
    },
  };
}

describe('an upload of the large-file sync', () => {
  it('hashes the file, creates its task and sends every chunk in order', async () => {
    const server = fakeServer();
    const upload = new Upload(file, server.deps, null, () => 'task-1');
    await upload.run();
    expect(upload.state).toEqual({ phase: 'verifying' });
    expect(server.offsets).toEqual([0, 4, 8, 12, 16]);
    expect(server.held).toEqual(bytes);
  });

  it('resumes a task from the bytes the server holds, even when the list it started from was stale', async () => {
    const server = fakeServer({ received: 12 });
    const upload = new Upload(file, server.deps, taskOf({ received: 8 }));
    await upload.run();
    expect(server.offsets).toEqual([8, 12, 16]);
    expect(upload.state.phase).toBe('verifying');
  });

  it('refuses to resume a task with another file', async () => {
    const server = fakeServer({ received: 8 });
    const other = new File([new TextEncoder().encode('another file of 20 b')], 'clip.mp4');
    const upload = new Upload(other, server.deps, taskOf({ received: 8 }));
    await upload.run();
    expect(upload.state).toEqual({ phase: 'failed', reason: 'notSameFile', message: null });
    expect(server.offsets).toEqual([]);
  });

  it('waits for the connection when a chunk gets no answer, then sends it again', async () => {
    const seen: string[] = [];
    const server: ReturnType<typeof fakeServer> = fakeServer({
      failures: (_offset, call) => {
        if (call !== 3) return null;
        server.goOffline();
        return new ApiError(ApiError.networkCode, 'network error');
      },
    });
    const upload = new Upload(file, server.deps, null, () => 'task-1');
    upload.subscribe(() =>
      seen.push(upload.state.phase === 'waiting' ? `waiting:${upload.state.reason}` : upload.state.phase),
    );
    await upload.run();
    expect(seen).toContain('waiting:offline');
    expect(server.offsets).toEqual([0, 4, 8, 8, 12, 16]);
    expect(server.held).toEqual(bytes);
  });

  it('stops on a refusal with the server message', async () => {
    const server = fakeServer({
      failures: () => new ApiError(Code.invalidTransition, 'This task is no longer uploading'),
    });
    const upload = new Upload(file, server.deps, null, () => 'task-1');
    await upload.run();
    expect(upload.state).toEqual({
      phase: 'failed',
      reason: 'refused',
      message: 'This task is no longer uploading',
    });
  });

  it('pauses between chunks and resumes without hashing again', async () => {
    const server = fakeServer();
    let hashed = 0;
    const deps = {
      ...server.deps,
      md5: (blob: Blob, onProgress: (read: number) => void) => {
        hashed += 1;
        return md5OfBlob(blob, onProgress);
      },
    };
    const upload = new Upload(file, deps, null, () => 'task-1');
    const unsubscribe = upload.subscribe(() => {
      if (upload.state.phase === 'uploading' && upload.state.received === 8) upload.pause();
    });
    await upload.run();
    expect(upload.state).toEqual({ phase: 'paused', received: 8 });
    unsubscribe();
    await upload.run();
    expect(upload.state.phase).toBe('verifying');
    expect(hashed).toBe(1);
    expect(server.held).toEqual(bytes);
  });

  it('computes the MD5 of a file slice by slice', async () => {
    const big = new Uint8Array(9 * 1024 * 1024).map((_, i) => i % 251);
    const progress: number[] = [];
    expect(await md5OfBlob(new Blob([big]), (read) => progress.push(read))).toBe(
      createHash('md5').update(big).digest('hex'),
    );
    expect(progress).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, 9 * 1024 * 1024]);
  });
});
