import { Worker } from 'node:worker_threads';
import type { PictureVerdict } from './picture-check';

interface Pending {
  resolve(verdict: PictureVerdict): void;
  reject(error: Error): void;
}

/**
 * Inspects pictures (`inspectPicture`) in one worker thread, started on first use, one picture at
 * a time in the order asked. A worker that fails is replaced on the next picture; the pictures it
 * held are refused with the error.
 */
export class PictureInspector {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  inspect(bytes: Uint8Array): Promise<PictureVerdict> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./picture-worker.mjs', import.meta.url));
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; verdict?: PictureVerdict; error?: string }) => {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      if (message.verdict) {
        const { verdict } = message;
        // Bytes come back as a plain Uint8Array: give the caller a Buffer again.
        entry.resolve(verdict.ok ? { ...verdict, bytes: Buffer.from(verdict.bytes) } : verdict);
      } else entry.reject(new Error(message.error ?? 'picture inspection failed'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const entry of this.pending.values()) entry.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`picture worker exited with ${code}`));
      else if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
