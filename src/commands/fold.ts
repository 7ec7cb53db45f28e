import { applyAny, Refusal, targetsOf } from './command';
import type { AggregateStates, Kind } from './kinds';
import { commandNamed } from './registry';

const metaFields = ['created_by', 'created_at', 'updated_by', 'updated_at'] as const;

function unstamped<S extends object>(state: S): S {
  const blank: Record<string, string> = {};
  for (const field of metaFields) if (field in state) blank[field] = '';
  return { ...state, ...blank };
}

/** A queued command as a projection folds it. */
export interface FoldedCommand {
  name: string;
  payload: unknown;
  schemaVersion?: number;
}

/**
 * How the commands change one kind of aggregate, as the browser predicts it until the server
 * answers: each command module's own `apply` (the one the server runs), with only this aggregate
 * known and no facts. A command its rules refuse here changes nothing (the server will refuse it
 * too, and the pending-changes panel says why); a command of another kind, or one this version of
 * the console does not know, neither.
 */
export function foldOf<K extends Kind>(
  kind: K,
  now: () => string = () => new Date().toISOString(),
): (current: AggregateStates[K] | undefined, command: FoldedCommand) => AggregateStates[K] | undefined {
  return (current, command) => {
    const module = commandNamed(command.name);
    if (!module || (command.schemaVersion !== undefined && command.schemaVersion !== module.schemaVersion))
      return current;
    const parsed = module.payload.safeParse(command.payload);
    if (!parsed.success) return current;
    if (!targetsOf(module, parsed.data).some((target) => target.kind === kind)) return current;
    try {
      const next = applyAny(module, { [kind]: current }, parsed.data, {
        now: now(),
        actor: '',
        facts: undefined,
        settings: undefined,
      }) as Partial<AggregateStates>;
      const state = next[kind] as AggregateStates[K] | undefined;
      // A new aggregate has no author or times until the server gives them.
      return current === undefined && state ? unstamped(state) : state;
    } catch (error) {
      if (error instanceof Refusal) return current;
      throw error;
    }
  };
}
