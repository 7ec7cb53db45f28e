import { sectionsCopied } from '../../../contract/rules/domain';
import type { CopyRequest, QueuedTarget } from '../../../machines';
import type { NewCommand } from '../../../store';
import type { SyncRuntime } from '../../../sync/runtime';
import { domainCommand, newId } from '../commands';
import { toOrigins } from '../form/drafts';

/** One `domain.copyConfig` per target, each a new domain with its own id, all with one copy id. */
export function copyCommandsOf(
  request: CopyRequest,
  makeId: () => string = newId,
): { commands: NewCommand[]; queued: QueuedTarget[] } {
  const origins = toOrigins(request.origins);
  const queued = request.targets.map((target) => ({ key: target.key, id: makeId() }));
  const commands = request.targets.map((target, i) =>
    domainCommand('domain.copyConfig', {
      id: queued[i]?.id ?? makeId(),
      domain: target.name,
      ...request.basic,
      origins,
      group_id: request.groupId,
      source_id: request.sourceId,
      copy_id: request.copyId,
      contents: request.contents,
      section_versions: Object.fromEntries(
        sectionsCopied(request.contents).map((kind) => [kind, request.sectionVersions[kind] ?? 0]),
      ),
    }),
  );
  return { commands, queued };
}

/** Saves the copy in the outbox: every target, or (the storage being full) none. */
export async function queueCopy(runtime: SyncRuntime, request: CopyRequest): Promise<QueuedTarget[]> {
  const { commands, queued } = copyCommandsOf(request);
  await runtime.enqueueMany(commands);
  return queued;
}

/**
 * Sends the failed targets again: fresh commands (new ids, the same copy id: the server counts
 * only the domains it created against the copy's limit), then the refused ones are discarded.
 * Queuing first means a full storage leaves the refused commands where they were, still to retry.
 */
export async function requeueCopy(runtime: SyncRuntime, request: CopyRequest): Promise<QueuedTarget[]> {
  const previous = new Set(request.targets.flatMap((t) => (t.previousId === null ? [] : [t.previousId])));
  const parked = (await runtime.store.pending()).filter(
    (entry) =>
      entry.name === 'domain.copyConfig' && entry.state !== 'queued' && previous.has(entry.aggregateId),
  );
  const queued = await queueCopy(runtime, request);
  for (const entry of parked) await runtime.store.discard(entry.seq);
  return queued;
}
