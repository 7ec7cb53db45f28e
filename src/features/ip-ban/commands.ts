import { commandFor } from '../../commands/queue';
import type { ipBanBanPayload, ipBanUnbanPayload, ipBanUpdatePayload } from '../../contract/ip-ban';
import type { NewCommand } from '../../store';
import type { SyncRuntime } from '../../sync/runtime';
import type { z } from 'zod';

/** The payloads as the rules left them: canonical range text, trimmed reason, ISO expiry. */
export type BanPayload = z.output<typeof ipBanBanPayload>;
export type UpdatePayload = z.output<typeof ipBanUpdatePayload>;
export type UnbanPayload = z.output<typeof ipBanUnbanPayload>;

export const banCommand = (payload: BanPayload) => commandFor('ipBan.ban', payload);
export const updateCommand = (payload: UpdatePayload) => commandFor('ipBan.update', payload);
export const unbanCommand = (payload: UnbanPayload) => commandFor('ipBan.unban', payload);

/**
 * Queues commands in order, in one transaction: when saving fails (a full disk), none is queued
 * and the caller keeps them all for the user.
 */
export async function enqueueAll(runtime: SyncRuntime, commands: readonly NewCommand[]): Promise<void> {
  await runtime.enqueueMany(commands);
}
