import { commandSpecs, type CommandName, type CommandSpec } from '../../contract/commands';
import type { ipBanBanPayload, ipBanUnbanPayload, ipBanUpdatePayload } from '../../contract/ip-ban';
import type { NewCommand } from '../../store';
import type { SyncRuntime } from '../../sync/runtime';
import type { z } from 'zod';

/** The payloads as the rules left them: canonical range text, trimmed reason, ISO expiry. */
export type BanPayload = z.output<typeof ipBanBanPayload>;
export type UpdatePayload = z.output<typeof ipBanUpdatePayload>;
export type UnbanPayload = z.output<typeof ipBanUnbanPayload>;

/** A command as the outbox takes it, its kind, aggregate and schema version from the contract. */
function command<N extends CommandName>(
  name: N,
  payload: z.output<(typeof commandSpecs)[N]['payload']>,
): NewCommand {
  const spec: CommandSpec = commandSpecs[name];
  return {
    name,
    kind: spec.kind,
    aggregateId: spec.aggregateOf(payload),
    schemaVersion: spec.schemaVersion,
    payload,
  };
}

export const banCommand = (payload: BanPayload) => command('ipBan.ban', payload);
export const updateCommand = (payload: UpdatePayload) => command('ipBan.update', payload);
export const unbanCommand = (payload: UnbanPayload) => command('ipBan.unban', payload);

/**
 * Queues commands in order, in one transaction: when saving fails (a full disk), none is queued
 * and the caller keeps them all for the user.
 */
export async function enqueueAll(runtime: SyncRuntime, commands: readonly NewCommand[]): Promise<void> {
  await runtime.enqueueMany(commands);
}
