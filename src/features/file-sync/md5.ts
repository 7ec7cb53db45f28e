import { md5OfBlob } from './md5-core';

/**
 * The MD5 of a file, hashed in a worker so that a multi-GB file does not hold up the page (or in
 * the page where workers are missing); `signal` stops it.
 */
export function fileMd5(
  file: Blob,
  onProgress: (read: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  if (typeof Worker === 'undefined') return md5OfBlob(file, onProgress, () => signal?.aborted === true);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The MD5 was stopped', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ read?: number; md5?: string; error?: string }>) => {
      const { read, md5, error } = event.data;
      if (read !== undefined) onProgress(read);
      if (md5 === undefined && error === undefined) return;
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if (md5 !== undefined) resolve(md5);
      else reject(new Error(error));
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ file });
  });
}
