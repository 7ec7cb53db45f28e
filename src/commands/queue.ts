import { targetsOf, type AggregateRef, type AnyCommand } from './command';
import { commandNamed, commands, type CommandName, type PayloadOf, type PrimaryKind } from './registry';

/**
 * A command and its payload, one member a command: what the outbox holds (`src/app/sync/outbox-commands.ts`
 * registers it with the store). `name` narrows `payload`.
 */
export type CommandCall = {
  [N in CommandName]: { name: N; kind: (typeof commands)[N]['primary']; payload: PayloadOf<N> };
}[CommandName];

/** The commands based on one kind of aggregate: what a feature's pending-changes view is given. */
export type CommandOfKind<K extends PrimaryKind> = Extract<CommandCall, { kind: K }>;

/** A command as the outbox takes it: its module's primary aggregate, all its aggregates, its schema version. */
export type QueuedCommand = CommandCall & {
  aggregateId: string;
  targets: AggregateRef[];
  schemaVersion: number;
};

/**
 * The command `name` with `payload` as one member of `CommandCall`. The one place a name and its
 * payload are paired: TypeScript cannot follow the pair through a generic name.
 */
export const callOf = <N extends CommandName>(
  name: N,
  payload: PayloadOf<N>,
): Extract<CommandCall, { name: N }> =>
  ({ name, kind: commands[name].primary, payload }) as Extract<CommandCall, { name: N }>;

/** The command `name` with `payload`, ready for the outbox. */
export function commandFor<N extends CommandName>(name: N, payload: PayloadOf<N>): QueuedCommand {
  const module = commands[name] as AnyCommand;
  const targets = targetsOf(module, payload);
  return {
    ...callOf(name, payload),
    aggregateId: targets[0]!.id,
    targets,
    schemaVersion: module.schemaVersion,
  };
}

/** The aggregates a queued command changes (the primary alone for a name no longer known). */
export function queuedTargets(command: {
  name: string;
  kind: string;
  aggregateId: string;
  payload: unknown;
}): { kind: string; id: string }[] {
  const module = commandNamed(command.name);
  const parsed = module?.payload.safeParse(command.payload);
  return module && parsed?.success
    ? targetsOf(module, parsed.data)
    : [{ kind: command.kind, id: command.aggregateId }];
}
