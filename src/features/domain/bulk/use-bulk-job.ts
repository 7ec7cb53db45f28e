import { useCallback, useMemo, useState } from 'react';
import type { SyncRuntime } from '../../../sync/runtime';
import { newId } from '../commands';
import type { DomainData } from '../use-domains';
import {
  applyRetry,
  assignSeqs,
  itemResult,
  planBulk,
  planRetry,
  summarize,
  type BulkJob,
  type BulkRequest,
  type ItemResult,
  type JobSummary,
} from './bulk-job';

export interface BulkJobState {
  job: BulkJob | null;
  /** One result per item of the job, in the job's order; live from the outbox and the snapshots. */
  results: ItemResult[];
  summary: JobSummary;
  /** Queues a job over the domains (all commands or none); rejects when the store refused them. */
  start(request: BulkRequest, ids: readonly string[]): Promise<BulkJob>;
  /** Queues the failed items again (see `planRetry`); rejects when the store refused them. */
  retryFailed(): Promise<void>;
  dismiss(): void;
}

/**
 * A bulk action of the domain list as a job: one command per domain, queued together, then
 * followed as the sender works through them. The job itself lives with the screen; its commands
 * live in the outbox, so leaving the screen loses only this view of them.
 */
export function useBulkJob(runtime: SyncRuntime | null, data: DomainData | undefined): BulkJobState {
  const [job, setJob] = useState<BulkJob | null>(null);

  const outbox = useMemo(() => new Map((data?.outbox ?? []).map((entry) => [entry.seq, entry])), [data]);
  const results = useMemo(
    () => (job && data ? job.items.map((item) => itemResult(item, job.request, outbox, data.projected)) : []),
    [job, data, outbox],
  );
  const summary = useMemo(() => summarize(results), [results]);

  const start = useCallback(
    async (request: BulkRequest, ids: readonly string[]) => {
      if (!runtime || !data) throw new Error('useBulkJob: no store');
      const plan = planBulk(request, ids, data.projected);
      const entries = plan.commands.length > 0 ? await runtime.enqueueMany(plan.commands) : [];
      const next: BulkJob = { id: newId(), request, items: assignSeqs(plan.items, entries) };
      setJob(next);
      return next;
    },
    [runtime, data],
  );

  const retryFailed = useCallback(async () => {
    if (!runtime || !data || !job) return;
    const steps = planRetry(job, results, data.projected);
    if (steps.length === 0) return;
    const commands = steps.flatMap((step) => (step.command ? [step.command] : []));
    // The fresh commands first: if the store refuses them, the refused ones stay for another try.
    // Until the refused ones are removed below, the fresh ones wait behind them (outbox order).
    const entries = commands.length > 0 ? await runtime.enqueueMany(commands) : [];
    setJob(applyRetry(job, steps, entries));
    for (const step of steps) {
      if (!step.entry) continue;
      if (step.conflict)
        await runtime.store.takeServers(step.entry.seq, step.conflict.version, step.conflict.current);
      else await runtime.store.discard(step.entry.seq);
    }
    runtime.engine.kick();
  }, [runtime, data, job, results]);

  const dismiss = useCallback(() => setJob(null), []);

  return { job, results, summary, start, retryFailed, dismiss };
}
