import { Code } from '../contract';
import type { CommandResult } from '../contract/commands';
import type { OutboxEntry, Settlement } from '../store';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an answer to one command means for the outbox:
 * - 0: accepted, the snapshot becomes the server's;
 * - version conflict: parked for the user, with the server's side;
 * - in flight (another send of the same key is being applied) or a server error: retried;
 * - held behind an earlier command of the aggregate: unchanged;
 * - any other code, a rule or a permission: parked with the server's message.
 */
export function classify(entry: OutboxEntry, result: CommandResult | undefined): Settlement {
  if (result === undefined) return { seq: entry.seq, outcome: 'retry' };
  const { code, msg, data } = result;
  if (code === Code.ok) {
    const version = typeof data.version === 'number' ? data.version : entry.baseVersion + 1;
    return {
      seq: entry.seq,
      outcome: 'accepted',
      version,
      snapshot: data.snapshot,
      kind: entry.kind,
      aggregateId: entry.aggregateId,
    };
  }
  if (code === Code.commandHeld) return { seq: entry.seq, outcome: 'held' };
  if (code === Code.commandInFlight || code >= 50000) return { seq: entry.seq, outcome: 'retry' };
  const error = { code, msg, data: isRecord(data) ? data : {} };
  return { seq: entry.seq, outcome: code === Code.versionConflict ? 'conflict' : 'rejected', error };
}
