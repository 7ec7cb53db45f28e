import { callOf } from '../../src/commands/queue';
import { commands, type CommandName, type PayloadInput, type PayloadOf } from '../../src/commands/registry';
import type { NewCommand, OutboxEntry, OutboxFields, StoredCommand } from '../../src/store';

/**
 * An outbox entry as a test writes it: any name and payload, as a console of another version may
 * have left one in the device's database (the outbox reads such entries defensively).
 */
export const storedEntry = (entry: OutboxFields & StoredCommand): OutboxEntry => entry as OutboxEntry;

/** A command as a test queues it, also one the console cannot read (any name and payload). */
export const storedCommand = (
  command: StoredCommand & { aggregateId: string; schemaVersion: number },
): NewCommand => command as NewCommand;

/** A command as a form queues it: its payload as typed, read by its module (defaults filled in). */
export const parsedCall = <N extends CommandName>(name: N, payload: PayloadInput<N>) =>
  callOf(name, commands[name].payload.parse(payload) as PayloadOf<N>);
