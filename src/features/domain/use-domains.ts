import type { DomainEntry, DomainGroup } from '../../contract/domain';
import { project, type OutboxEntry, type Projected, type ReadRow, type SnapshotRow } from '../../store';
import { useLiveQuery, useSyncRuntime } from '../../sync/react';
import type { SyncRuntime } from '../../sync/runtime';
import { domainFold, domainGroupFold } from './fold';
import { domainKind, domainReadKey, groupKind } from './pull';
import { liveGroups, toRows, type DomainRow } from './rows';

export interface DomainData {
  /** Every domain as the user sees it (not deleted): the server's with pending edits folded over. */
  rows: DomainRow[];
  /** Every domain projected, deleted ones included (the detail screen says when one is gone). */
  projected: Map<string, Projected<DomainEntry>>;
  groups: DomainGroup[];
  outbox: OutboxEntry[];
  /** The last read of the domains from the server; undefined when never read on this device. */
  read: ReadRow | undefined;
}

interface Answers {
  domains: SnapshotRow[];
  groups: SnapshotRow[];
  outbox: OutboxEntry[];
  read: { row: ReadRow | undefined };
}

/**
 * Per runtime, the store's last answers and each step made of them, reused while the step's inputs
 * are the same objects: a screen opened again shows them at once (reading 10,000 domains back
 * from IndexedDB takes longer than a frame) while the store is asked again, and a change of one
 * answer (a queued edit, a read that found nothing new) redoes only the steps that depend on it.
 */
const kept = new WeakMap<SyncRuntime, { answers: Partial<Answers>; steps: Map<string, Step> }>();
interface Step {
  inputs: readonly unknown[];
  value: unknown;
}

function keptFor(runtime: SyncRuntime) {
  let entry = kept.get(runtime);
  if (!entry) kept.set(runtime, (entry = { answers: {}, steps: new Map() }));
  return entry;
}

function step<T>(steps: Map<string, Step>, name: string, inputs: readonly unknown[], make: () => T): T {
  const last = steps.get(name);
  if (last && last.inputs.length === inputs.length && last.inputs.every((v, i) => Object.is(v, inputs[i])))
    return last.value as T;
  const value = make();
  steps.set(name, { inputs, value });
  return value;
}

/**
 * The domains and groups from the store, kept up to date as the store changes (in this tab or
 * another): undefined until the store has answered once in this page (or while there is no store).
 * Each part is its own live query, so a queued edit does not read the 10,000 domains back.
 */
export function useDomainData(): DomainData | undefined {
  const runtime = useSyncRuntime();
  const fresh: Partial<Answers> = {
    domains: useLiveQuery(({ store }) => store.snapshotsOf(domainKind), []),
    groups: useLiveQuery(({ store }) => store.snapshotsOf(groupKind), []),
    outbox: useLiveQuery(({ store }) => store.pending(), []),
    read: useLiveQuery(async ({ store }) => ({ row: await store.lastRead(domainReadKey) }), []),
  };
  if (!runtime) return undefined;
  const { answers, steps } = keptFor(runtime);
  // What the store has answered now replaces what it answered before (a module cache, not state:
  // rendering again with the same answers gives the same data).
  for (const key of ['domains', 'groups', 'outbox', 'read'] as const)
    if (fresh[key] !== undefined) (answers as Record<string, unknown>)[key] = fresh[key];
  const { domains, groups, outbox, read } = answers;
  if (!domains || !groups || !outbox || !read) return undefined;

  const liveGroupList = step(steps, 'groups', [groups, outbox], () =>
    liveGroups(project<DomainGroup>(groups, outbox, groupKind, domainGroupFold)),
  );
  const projected = step(steps, 'projected', [domains, outbox], () =>
    project<DomainEntry>(domains, outbox, domainKind, domainFold),
  );
  const byId = step(steps, 'byId', [projected], () => new Map(projected.map((item) => [item.id, item])));
  const rows = step(steps, 'rows', [projected, liveGroupList], () => toRows(projected, liveGroupList));
  return step(steps, 'data', [rows, byId, liveGroupList, outbox, read], () => ({
    rows,
    projected: byId,
    groups: liveGroupList,
    outbox,
    read: read.row,
  }));
}
