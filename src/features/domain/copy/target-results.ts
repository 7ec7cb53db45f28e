import type { CopyTargetResult } from '../../../machines';
import type { DomainData } from '../use-domains';

/** What the store says of one queued target: the machine's `target.*` report to send. */
export type TargetReport =
  | { result: 'pending' }
  | { result: 'created' }
  /** `message`: the server's, or null when the command was discarded before the server applied it. */
  | { result: 'failed'; message: string | null };

/**
 * A target's result, read from the store by its id (the command's aggregate):
 * - its `domain.copyConfig` waits in the outbox: pending;
 * - it is parked, refused or in conflict: failed, with the server's message (`error.msg`);
 * - the command is gone and the server's snapshot is there: created;
 * - gone with no snapshot, having been seen before: discarded from the pending changes (failed).
 * Null: nothing known yet (the store has not shown the new command).
 */
export function targetReportOf(data: DomainData, id: string, seen: Set<string>): TargetReport | null {
  const item = data.projected.get(id);
  const command = item?.pending.find((entry) => entry.name === 'domain.copyConfig');
  if (command) {
    seen.add(id);
    return command.state === 'queued'
      ? { result: 'pending' }
      : { result: 'failed', message: command.error?.msg ?? '' };
  }
  if (item?.server && item.version >= 1) {
    seen.add(id);
    return { result: 'created' };
  }
  return seen.has(id) ? { result: 'failed', message: null } : null;
}

/** Whether a report changes what the machine holds for a target. */
export const reportDiffers = (
  report: TargetReport,
  held: { result: CopyTargetResult | null; message: string | null },
  discardedText: string,
) =>
  report.result !== held.result ||
  (report.result === 'failed' && (report.message ?? discardedText) !== held.message);
