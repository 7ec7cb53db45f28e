import type { DomainEntry } from '../../../contract/domain';
import { limits } from '../../../contract/limits';
import { blockedBySpecialConfig, canApply } from '../../../contract/rules/domain';
import type { NewCommand, OutboxEntry, Projected } from '../../../store';
import { actionCommand, moveCommand, type DomainRef } from '../commands';
import { domainFold } from '../fold';

/** The actions the list runs on several domains at once. */
export const bulkActions = ['hangUp', 'recover', 'delete', 'move'] as const;
export type BulkAction = (typeof bulkActions)[number];

export interface BulkRequest {
  action: BulkAction;
  /** Move: the target group; null for no group. Ignored by the other actions. */
  groupId: string | null;
}

/**
 * Why a selected domain is left out of a job: `state` the action does not start from its state,
 * `special` its special configuration forbids it (spec §6), `sameGroup` it is in the target group
 * already, `unresolved` an earlier edit of it was refused and waits for the user (a new command
 * would be held behind it), `gone` it no longer exists.
 */
export type SkipReason = 'state' | 'special' | 'sameGroup' | 'unresolved' | 'gone';

/** One domain of a job: its command's place in the outbox, or why it was skipped. */
export interface JobItem {
  id: string;
  /** The name when the job started, so a deleted domain still reads in the results. */
  domain: string;
  seq: number | null;
  skipped: SkipReason | null;
}

export interface BulkJob {
  id: string;
  request: BulkRequest;
  items: JobItem[];
}

export type ItemResult =
  | { status: 'pending'; entry: OutboxEntry }
  | { status: 'succeeded' }
  /** `entry` null: the command left the outbox without the server applying it (discarded). */
  | { status: 'failed'; entry: OutboxEntry | null; message: string | null }
  | { status: 'skipped'; reason: SkipReason };

export type ItemStatus = ItemResult['status'];

/** Whether `action` may run on a domain as the user sees it, with the edits still waiting on it. */
export function skipReason(
  request: BulkRequest,
  entry: DomainEntry | undefined,
  pending: readonly OutboxEntry[],
): SkipReason | null {
  if (!entry || entry.status === 'deleted') return 'gone';
  if (pending.some((p) => p.state !== 'queued')) return 'unresolved';
  if (!canApply(request.action, entry.status)) return 'state';
  if (entry.special_config && blockedBySpecialConfig.has(request.action)) return 'special';
  if (request.action === 'move' && entry.group_id === request.groupId) return 'sameGroup';
  return null;
}

export function bulkCommand(request: BulkRequest, target: DomainRef): NewCommand {
  return request.action === 'move'
    ? moveCommand(target, request.groupId)
    : actionCommand(request.action, target);
}

export interface BulkPlan {
  items: JobItem[];
  /** One command per eligible item, in the order of `items`. */
  commands: NewCommand[];
}

/** The items of a job over the chosen domains (as projected now) and the commands to queue. */
export function planBulk(
  request: BulkRequest,
  ids: readonly string[],
  projected: ReadonlyMap<string, Projected<DomainEntry>>,
): BulkPlan {
  const items: JobItem[] = [];
  const commands: NewCommand[] = [];
  for (const id of new Set(ids)) {
    const item = projected.get(id);
    const reason = skipReason(request, item?.state, item?.pending ?? []);
    const domain = item?.state?.domain ?? id;
    items.push({ id, domain, seq: null, skipped: reason });
    if (reason === null) commands.push(bulkCommand(request, { id, domain }));
  }
  return { items, commands };
}

/** The eligible items take the sequence numbers of their queued commands, in order. */
export function assignSeqs(
  items: readonly JobItem[],
  entries: readonly Pick<OutboxEntry, 'seq'>[],
): JobItem[] {
  let next = 0;
  return items.map((item) => {
    if (item.skipped !== null) return item;
    const entry = entries[next++];
    return { ...item, seq: entry?.seq ?? null };
  });
}

/** Whether the server's state of a domain shows the action done. */
export function reached(request: BulkRequest, server: DomainEntry | undefined): boolean {
  switch (request.action) {
    case 'delete':
      return server === undefined || server.status === 'deleted';
    case 'hangUp':
      return server?.status === 'hung_up';
    case 'recover':
      return server?.status === 'active';
    case 'move':
      return server !== undefined && server.group_id === request.groupId;
  }
}

/**
 * Where one item stands, from the outbox and the store's snapshots: its command still waiting
 * (pending), parked by the server (failed, with the server's message), or gone from the outbox.
 * A command leaves the outbox when the server applied it (the snapshot then shows it: succeeded)
 * or when the user discarded it (failed, nothing applied).
 */
export function itemResult(
  item: JobItem,
  request: BulkRequest,
  outbox: ReadonlyMap<number, OutboxEntry>,
  projected: ReadonlyMap<string, Projected<DomainEntry>>,
): ItemResult {
  if (item.skipped !== null) return { status: 'skipped', reason: item.skipped };
  const entry = item.seq === null ? undefined : outbox.get(item.seq);
  if (entry) {
    if (entry.state === 'queued') return { status: 'pending', entry };
    return { status: 'failed', entry, message: entry.error?.msg ?? null };
  }
  if (reached(request, projected.get(item.id)?.server)) return { status: 'succeeded' };
  return { status: 'failed', entry: null, message: null };
}

export interface JobSummary {
  /** Every domain of the job, skipped ones included. */
  total: number;
  /** The domains a command was queued for. */
  queued: number;
  pending: number;
  succeeded: number;
  failed: number;
  skipped: number;
  /** Queued domains with an answer (succeeded or failed). */
  done: number;
}

export function summarize(results: readonly ItemResult[]): JobSummary {
  const count = (status: ItemStatus) => results.filter((r) => r.status === status).length;
  const pending = count('pending');
  const succeeded = count('succeeded');
  const failed = count('failed');
  const skipped = count('skipped');
  return {
    total: results.length,
    queued: results.length - skipped,
    pending,
    succeeded,
    failed,
    skipped,
    done: succeeded + failed,
  };
}

/** The server's side of a version conflict (code 40902): its version and state (null: gone). */
export function conflictSide(entry: OutboxEntry): { version: number; current: unknown } | null {
  if (entry.state !== 'conflict' || !entry.error) return null;
  const { version, current } = entry.error.data;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
  return { version, current: current ?? null };
}

const asDomain = (value: unknown): DomainEntry | undefined =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as DomainEntry)
    : undefined;

/** One failed item, retried: its refused command goes, a fresh one comes if it is still eligible. */
export interface RetryStep {
  item: JobItem;
  /** The parked command to remove; null when it already left the outbox. */
  entry: OutboxEntry | null;
  /** A conflict's server side: the snapshot is brought up to it as the command is removed. */
  conflict: { version: number; current: unknown } | null;
  command: NewCommand | null;
  skipped: SkipReason | null;
}

/**
 * The retry of a job's failed items. Each is judged on the domain as it will be once its refused
 * command is gone: the server's state (a conflict's newer one when the answer carried it) with
 * the other waiting edits folded over it.
 */
export function planRetry(
  job: BulkJob,
  results: readonly ItemResult[],
  projected: ReadonlyMap<string, Projected<DomainEntry>>,
): RetryStep[] {
  const steps: RetryStep[] = [];
  job.items.forEach((item, index) => {
    const result = results[index];
    if (result?.status !== 'failed') return;
    const entry = result.entry;
    const conflict = entry ? conflictSide(entry) : null;
    const known = projected.get(item.id);
    const others = (known?.pending ?? []).filter((p) => p.seq !== entry?.seq);
    let state = conflict ? asDomain(conflict.current) : known?.server;
    for (const p of others) state = domainFold(state, { name: p.name, payload: p.payload });
    const skipped = skipReason(job.request, state, others);
    steps.push({
      item,
      entry,
      conflict,
      command:
        skipped === null
          ? bulkCommand(job.request, { id: item.id, domain: state?.domain ?? item.domain })
          : null,
      skipped,
    });
  });
  return steps;
}

/** The items after a retry: fresh sequence numbers for the re-queued, skipped for the others. */
export function applyRetry(
  job: BulkJob,
  steps: readonly RetryStep[],
  entries: readonly Pick<OutboxEntry, 'seq'>[],
): BulkJob {
  const byId = new Map<string, JobItem>();
  let next = 0;
  for (const step of steps) {
    if (step.command) byId.set(step.item.id, { ...step.item, seq: entries[next++]?.seq ?? null });
    else byId.set(step.item.id, { ...step.item, seq: null, skipped: step.skipped });
  }
  return { ...job, items: job.items.map((item) => byId.get(item.id) ?? item) };
}

/** The number of domains one bulk action may take. */
export const bulkMax = limits.domain.bulkMax;

/** The order the results list reads in: what needs attention first. */
export const statusOrder: Record<ItemStatus, number> = { failed: 0, pending: 1, succeeded: 2, skipped: 3 };
