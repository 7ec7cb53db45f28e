import { ApiError, isApiError } from '../../api';
import { Code } from '../../contract';
import type { FileSyncCreateBody, FileSyncTask } from '../../contract/file-sync';

/** What an upload of this page is doing. */
export type UploadPhase =
  | { phase: 'hashing'; read: number }
  | { phase: 'uploading'; received: number; bytesPerSecond: number | null }
  /** No answer: waiting for the connection (offline) or a moment before trying again. */
  | { phase: 'waiting'; received: number; reason: 'offline' | 'retrying' }
  | { phase: 'paused'; received: number }
  /** Every byte is in: the server checks the MD5 (the task list shows its result). */
  | { phase: 'verifying' }
  /** The picked file is not the one of the task resumed. */
  | { phase: 'failed'; message: string | null; reason: 'notSameFile' | 'refused' };

export interface UploadDeps {
  md5(file: Blob, onProgress: (read: number) => void, signal: AbortSignal): Promise<string>;
  create(body: FileSyncCreateBody): Promise<FileSyncTask>;
  send(
    input: { id: string; offset: number },
    bytes: Blob,
    signal: AbortSignal,
  ): Promise<{ task: FileSyncTask }>;
  chunkBytes: number;
  online(): boolean;
  /** Resolves when the browser is online again (or at once when it is). */
  whenOnline(signal: AbortSignal): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

const retryDelays = [1000, 2000, 5000, 10_000, 30_000];

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One file going to the server: its MD5 first (in a worker), then the task (created, or the one
 * resumed, whose MD5 and size must match), then its chunks from the bytes the server holds. A
 * chunk that finds the server elsewhere (40907) continues from there; no answer waits for the
 * connection and tries again; pausing stops between chunks and resuming asks the server again.
 */
export class Upload {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  private md5: string | null = null;
  private controller: AbortController | null = null;
  private current: UploadPhase = { phase: 'hashing', read: 0 };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly file: File,
    private readonly deps: UploadDeps,
    /** The unfinished task this file continues; a new task otherwise. */
    private readonly resumes: FileSyncTask | null,
    newId: () => string = () => crypto.randomUUID(),
  ) {
    this.id = resumes?.id ?? newId();
    this.name = resumes?.name ?? file.name;
    this.size = file.size;
  }

  get state(): UploadPhase {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: UploadPhase) {
    this.current = state;
    for (const listener of this.listeners) listener();
  }

  /** Starts, or resumes after a pause; resolves when it stops (done, paused or failed). */
  async run(): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    const { signal } = controller;
    try {
      this.md5 ??= await this.deps.md5(this.file, (read) => this.set({ phase: 'hashing', read }), signal);
      const task = await this.task(this.md5, signal);
      if (!task) return;
      await this.sendFrom(task.received, signal);
    } catch (error) {
      if (isAbort(error) || signal.aborted) this.set({ phase: 'paused', received: this.received() });
      else
        this.set({
          phase: 'failed',
          reason: 'refused',
          message: error instanceof Error ? error.message : String(error),
        });
    } finally {
      this.controller = null;
    }
  }

  /** Stops between two chunks (the chunk under way is abandoned; the server keeps what it counted). */
  pause() {
    this.controller?.abort();
  }

  get running(): boolean {
    return this.controller !== null;
  }

  private received(): number {
    const s = this.current;
    return 'received' in s ? s.received : 0;
  }

  private async task(md5: string, signal: AbortSignal): Promise<FileSyncTask | null> {
    if (this.resumes) {
      if (this.resumes.size !== this.file.size || this.resumes.md5 !== md5) {
        this.set({ phase: 'failed', reason: 'notSameFile', message: null });
        return null;
      }
      return this.resumes;
    }
    // The same id each time: a create whose answer was lost answers the task it made.
    return this.patiently(
      () => this.deps.create({ id: this.id, name: this.file.name, size: this.file.size, md5 }),
      signal,
    );
  }

  /** A call tried again while there is no answer, waiting for the connection when offline. */
  private async patiently<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let failures = 0; ; failures++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(isApiError(error) && error.code === ApiError.networkCode) || signal.aborted) throw error;
        await this.waitAfterFailure(failures, signal);
      }
    }
  }

  private async waitAfterFailure(failures: number, signal: AbortSignal) {
    const received = this.received();
    if (!this.deps.online()) {
      this.set({ phase: 'waiting', received, reason: 'offline' });
      await this.deps.whenOnline(signal);
    } else {
      this.set({ phase: 'waiting', received, reason: 'retrying' });
      await this.deps.sleep(retryDelays[Math.min(failures, retryDelays.length - 1)]!, signal);
    }
  }

  private async sendFrom(start: number, signal: AbortSignal) {
    let offset = start;
    // A resumed task asks the server first: the chunk at the offset the list showed may be stale.
    let failures = 0;
    let since = { at: this.deps.now(), bytes: offset };
    let rate: number | null = null;
    this.set({ phase: 'uploading', received: offset, bytesPerSecond: null });
    while (offset < this.size) {
      if (signal.aborted) throw new DOMException('Paused', 'AbortError');
      const end = Math.min(this.size, offset + this.deps.chunkBytes);
      try {
        const { task } = await this.deps.send({ id: this.id, offset }, this.file.slice(offset, end), signal);
        failures = 0;
        offset = task.received;
        const now = this.deps.now();
        if (now - since.at >= 1000) {
          rate = ((offset - since.bytes) * 1000) / (now - since.at);
          since = { at: now, bytes: offset };
        }
        if (task.status !== 'uploading') break;
        this.set({ phase: 'uploading', received: offset, bytesPerSecond: rate });
      } catch (error) {
        if (signal.aborted) throw error;
        if (isApiError(error) && error.code === Code.offsetMismatch) {
          const held = (error.data as { received?: unknown } | undefined)?.received;
          if (typeof held !== 'number') throw error;
          offset = held;
          since = { at: this.deps.now(), bytes: offset };
          this.set({ phase: 'uploading', received: offset, bytesPerSecond: rate });
          continue;
        }
        if (!(isApiError(error) && error.code === ApiError.networkCode)) throw error;
        await this.waitAfterFailure(failures++, signal);
        this.set({ phase: 'uploading', received: offset, bytesPerSecond: null });
      }
    }
    this.set({ phase: 'verifying' });
  }
}
