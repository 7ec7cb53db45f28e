import { Code } from '../../../src/contract';
import { commandNamed } from '../../../src/commands/registry';
import type { CommandResult, PushCommand } from '../../../src/contract/commands';
import {
  executeCommand,
  type CommandActor,
  type CommandContext,
  type CommandInput,
} from '../../commands/execute';
import { t } from '../../i18n/messages';

/** The primary aggregate a command changes: its kind and id (an unknown command counts by its name). */
function aggregateOf(command: Pick<CommandInput, 'name' | 'aggregate_id'>): string {
  const kind = commandNamed(command.name)?.primary ?? command.name;
  return `${kind}\u0000${command.aggregate_id}`;
}

/**
 * Applies the commands of one push in the order sent, each in its own transaction, and answers one
 * result per command in the same order. Once a command of an aggregate is not accepted, the later
 * commands of that aggregate in the push are held (40904) without being tried: they were based on
 * a state that did not come about. Other aggregates go on. A fault in one command answers 50000
 * for it (reported through `onFault`) and does not stop the others.
 */
export async function pushCommands(
  ctx: CommandContext,
  actor: CommandActor,
  commands: readonly PushCommand[],
  onFault: (error: unknown, command: PushCommand) => void = () => {},
  /** Set for calls made with an API token: every change is recorded as coming from the API. */
  forcedOrigin?: 'api',
): Promise<CommandResult[]> {
  const refused = new Map<string, string>();
  const results: CommandResult[] = [];
  for (const command of commands) {
    const aggregate = aggregateOf(command);
    const heldBy = refused.get(aggregate);
    if (heldBy !== undefined) {
      results.push({
        key: command.key,
        code: Code.commandHeld,
        msg: t('sync.held', ctx.language),
        data: { held_by: heldBy },
      });
      continue;
    }
    let result: CommandResult;
    try {
      result = await executeCommand(ctx, actor, command, forcedOrigin ?? command.origin);
    } catch (error) {
      onFault(error, command);
      result = { key: command.key, code: Code.internal, msg: t('common.internal', ctx.language), data: {} };
    }
    if (result.code !== Code.ok) refused.set(aggregate, command.key);
    results.push(result);
  }
  return results;
}
