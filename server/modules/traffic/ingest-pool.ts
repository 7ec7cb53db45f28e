import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AskDomains, Job, JobSums } from './ingest-job';

/** A job's sums, and the keeping of its raw lines, which goes on after them. */
export interface JobRun {
  sums: JobSums;
  kept: Promise<void>;
  /** Of a job that holds its raw lines (`Job.hold`): keep them, or drop them. Once. */
  release(keep: boolean): void;
}

interface Pending {
  ask: AskDomains;
  /** The job waits to be told whether to keep its raw lines. */
  held: boolean;
  /** Until the sums arrive: the run's promise; after: the keeping's. */
  resolve(value: JobRun | undefined): void;
  reject(error: Error): void;
}

type Message =
  | { type: 'names'; id: number; names: string[] }
  | { type: 'sums'; id: number; sums: JobSums }
  | { type: 'kept'; id: number }
  | { type: 'failed'; id: number; error: string };

interface Slot {
  worker: Worker;
  jobs: Set<number>;
}

/**
 * The ingestion workers (`ingest-worker.mjs`): started on first use, each job given to the worker
 * with the fewest jobs. A worker holds the process open only while it has jobs. A worker that
 * fails is replaced on the next job; the jobs it held are refused with the error.
 */
export class IngestPool {
  private readonly slots: (Slot | null)[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(readonly size: number) {
    this.slots = Array.from({ length: size }, () => null);
  }

  run(job: Job, ask: AskDomains): Promise<JobRun> {
    const id = this.nextId++;
    const slot = this.pick();
    // A body of its own moves to the worker; a shared one is read where it is.
    const { source } = job;
    const transfer =
      source.kind === 'text' && source.bytes.buffer instanceof ArrayBuffer ? [source.bytes.buffer] : [];
    return new Promise<JobRun>((resolve, reject) => {
      const held = job.hold === true && job.logDir !== undefined;
      this.pending.set(id, { ask, held, resolve: (run) => resolve(run!), reject });
      if (slot.jobs.size === 0) slot.worker.ref();
      slot.jobs.add(id);
      slot.worker.postMessage({ id, job }, transfer);
    });
  }

  async close(): Promise<void> {
    const running = this.slots.filter((s) => s !== null);
    this.slots.fill(null);
    await Promise.all(running.map((s) => s.worker.terminate()));
  }

  private pick(): Slot {
    let best: Slot | null = null;
    for (let i = 0; i < this.size; i++) {
      const slot = this.slots[i] ?? this.start(i);
      if (slot.jobs.size === 0) return slot;
      if (!best || slot.jobs.size < best.jobs.size) best = slot;
    }
    return best!;
  }

  private start(index: number): Slot {
    const worker = new Worker(new URL('./ingest-worker.mjs', import.meta.url));
    const slot: Slot = { worker, jobs: new Set() };
    worker.unref();
    const done = (id: number) => {
      slot.jobs.delete(id);
      if (slot.jobs.size === 0) worker.unref();
      const entry = this.pending.get(id);
      this.pending.delete(id);
      return entry;
    };
    worker.on('message', (message: Message) => {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      if (message.type === 'names') {
        entry.ask(message.names).then(
          (domains) => worker.postMessage({ type: 'domains', id: message.id, answer: domains }),
          (error: unknown) => {
            done(message.id)?.reject(error instanceof Error ? error : new Error(String(error)));
            // The worker goes on with no domains; no one waits for what it makes of them.
            worker.postMessage({ type: 'domains', id: message.id, answer: [] });
          },
        );
      } else if (message.type === 'sums') {
        // From here on the entry stands for the keeping of the raw lines.
        const kept = new Promise<void>((resolve, reject) =>
          this.pending.set(message.id, {
            ask: entry.ask,
            held: entry.held,
            resolve: () => resolve(),
            reject,
          }),
        );
        kept.catch(() => {});
        const release = (keep: boolean) => {
          // A job that failed meanwhile has nothing left to keep; one not held keeps its lines anyway.
          if (this.pending.get(message.id)?.held)
            worker.postMessage({ type: 'release', id: message.id, keep });
        };
        entry.resolve({ sums: message.sums, kept, release });
      } else if (message.type === 'kept') done(message.id)?.resolve(undefined);
      else done(message.id)?.reject(new Error(message.error));
    });
    const fail = (error: Error) => {
      if (this.slots[index] === slot) this.slots[index] = null;
      for (const id of slot.jobs) done(id)?.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`ingestion worker exited with ${code}`)));
    this.slots[index] = slot;
    return slot;
  }
}

let shared: IngestPool | null = null;

/** The process's ingestion workers: one per core, at most four. */
export function ingestPool(): IngestPool {
  shared ??= new IngestPool(Math.max(1, Math.min(4, availableParallelism())));
  return shared;
}
