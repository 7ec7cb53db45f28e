import { createHash } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../../src/api';
import type { FileSyncTask } from '../../../../src/contract/file-sync';
import {
  forgetUpload,
  pauseUpload,
  resumeUpload,
  startUpload,
  useUploads,
} from '../../../../src/features/file-sync/uploads';

const bytes = new TextEncoder().encode('0123456789abcdefghij');
const md5 = createHash('md5').update(bytes).digest('hex');

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

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The server at the network boundary: creates answer the task, chunks are held or (`hang`) never answered. */
function fakeNetwork() {
  const creates: unknown[] = [];
  const chunks: { offset: number; signal: AbortSignal | null }[] = [];
  let received = 0;
  let hang = false;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/v3/file-sync/task/create') {
      const body = JSON.parse(String(init?.body)) as { id: string };
      creates.push(body);
      return envelope(taskOf({ id: body.id, received }));
    }
    const signal = init?.signal ?? null;
    chunks.push({ offset: Number(url.searchParams.get('offset')), signal });
    if (hang)
      return new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    received += (init?.body as Blob).size;
    const id = url.searchParams.get('id') ?? '';
    return envelope({ task: taskOf({ id, received, status: 'verifying' }) });
  });
  return {
    fetch,
    creates,
    chunks,
    hang: (on: boolean) => (hang = on),
  };
}

let network: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  network = fakeNetwork();
  configureApi({
    fetch: network.fetch as unknown as typeof fetch,
    getToken: () => 'tok',
    getLanguage: () => 'en_US',
    notifyError: () => {},
    redirect: () => {},
    networkErrorText: () => 'network error',
  });
});

afterEach(() => {
  for (const upload of renderHook(() => useUploads()).result.current) forgetUpload(upload.id);
});

describe('the uploads of the page', () => {
  it('hash, create and send a picked file through the API, the list following each step', async () => {
    const { result } = renderHook(() => useUploads());
    act(() => startUpload(new File([bytes], 'clip.mp4'), null));
    expect(result.current).toHaveLength(1);
    await waitFor(() => expect(result.current[0]?.state).toEqual({ phase: 'verifying' }));
    const id = result.current[0]?.id;
    expect(network.creates).toEqual([{ id, name: 'clip.mp4', size: bytes.length, md5 }]);
    expect(network.chunks.map((c) => c.offset)).toEqual([0]);
    expect(result.current[0]?.running).toBe(false);
  });

  it('pause aborts the chunk under way, resume sends it again, forget cancels', async () => {
    network.hang(true);
    const { result } = renderHook(() => useUploads());
    act(() => startUpload(new File([bytes], 'clip.mp4'), null));
    await waitFor(() => expect(network.chunks).toHaveLength(1));
    const id = result.current[0]?.id ?? '';
    act(() => pauseUpload(id));
    expect(result.current[0]?.state).toEqual({ phase: 'paused', received: 0 });
    expect(network.chunks[0]?.signal?.aborted).toBe(true);

    act(() => resumeUpload(id));
    expect(result.current[0]?.running).toBe(true);
    await waitFor(() => expect(network.chunks).toHaveLength(2));
    act(() => forgetUpload(id));
    expect(result.current).toEqual([]);
    expect(network.chunks[1]?.signal?.aborted).toBe(true);
  });
});
