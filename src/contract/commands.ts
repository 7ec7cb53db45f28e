import { z } from 'zod';
import { limits } from './limits';
import { text } from './text';

/** The header that carries a command's idempotency key on the single-command endpoints. */
export const idempotencyKeyHeader = 'idempotency-key';

export const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/**
 * Where a command came from, for the audit log: sent at once from a browser (`browser`), replayed
 * from the outbox after being queued or retried (`replay`), or by an API caller (`api`).
 */
export const commandOrigins = ['browser', 'replay', 'api'] as const;

export const pushCommand = z.object({
  key: idempotencyKey,
  name: text().max(100),
  aggregate_id: text().min(1).max(200),
  base_version: z.number().int().min(0),
  schema_version: z.number().int().min(1),
  payload: z.unknown(),
  origin: z.enum(['browser', 'replay']),
});
export type PushCommand = z.infer<typeof pushCommand>;

export const pushBody = z.object({
  /** The signed-in account that made the edits: the server refuses a token of another (40304). */
  actor_id: z.number().int().positive(),
  commands: z.array(pushCommand).min(1).max(limits.sync.batchMax),
});

/**
 * The outcome of one command, an envelope of its own: code 0 with `{version, snapshot}`, or a
 * failure code (40902 conflict with `{version, current}`, 40903 in flight, 40904 held, a rule's
 * code with `issues`).
 */
export const commandResult = z.object({
  key: z.string(),
  code: z.number().int(),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type CommandResult = z.infer<typeof commandResult>;
export const pushResult = z.object({ results: z.array(commandResult) });

/** An accepted command's data. */
export const acceptedData = z.object({ version: z.number().int(), snapshot: z.unknown() });
