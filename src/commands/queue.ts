import { targetsOf, type AggregateRef, type AnyCommand } from './command';
import type { Kind } from './kinds';
import { commandNamed, commands, type CommandName, type PayloadOf } from './registry';

/** A command as the outbox takes it: its module's primary aggregate, all its aggregates, its schema version. */
export interface QueuedCommand {
  name: string;
  kind: Kind;
  aggregateId: string;
  targets: AggregateRef[];
  schemaVersion: number;
  payload: unknown;
}

/** The command `name` with `payload`, ready for the outbox. */
export function commandFor<N extends CommandName>(name: N, payload: PayloadOf<N>): QueuedCommand {
  const module = commands[name] as AnyCommand;
  const targets = targetsOf(module, payload);
  return {
    name,
    kind: module.primary,
    aggregateId: targets[0]!.id,
    targets,
    schemaVersion: module.schemaVersion,
    payload,
  };
}

/** The aggregates a queued command changes (the primary alone for a name no longer known). */
export function queuedTargets(command: {
  name: string;
  kind: string;
  aggregateId: string;
  payload: unknown;
}): {
  kind: string;
  id: string;
}[] {
  const module = commandNamed(command.name);
  const parsed = module?.payload.safeParse(command.payload);
  return module && parsed?.success
    ? targetsOf(module, parsed.data)
    : [{ kind: command.kind, id: command.aggregateId }];
}
