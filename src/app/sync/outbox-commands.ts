import type { CommandCall } from '../../commands/queue';

/**
 * The outbox holds the registry's commands: each entry's `name` narrows its `payload`, so the
 * pending-changes views and the sync read a payload without casts. The store itself imports no
 * command; this registration types it for the whole console.
 */
declare module '../../store/db' {
  interface OutboxRegister {
    command: CommandCall;
  }
}
