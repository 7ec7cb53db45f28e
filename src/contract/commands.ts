import { z } from 'zod';
import {
  domainCopyPayload,
  domainCreatePayload,
  domainEntry,
  domainGroup,
  domainIdPayload,
  domainMovePayload,
  domainRenamePayload,
  groupCreatePayload,
  groupDeletePayload,
  groupRenamePayload,
} from './domain';
import { ipBanBanPayload, ipBanEntry, ipBanUnbanPayload, ipBanUpdatePayload } from './ip-ban';
import { limits } from './limits';

/**
 * A command: a change of one aggregate, sent through the outbox and applied once by the server
 * (ARCHITECTURE.md, "The path of a configuration edit"). Every accepted command raises its
 * aggregate's version by exactly one; the browser relies on that to predict the version a
 * queued command will be based on.
 */
export interface CommandSpec<P extends z.ZodType = z.ZodType, S extends z.ZodType = z.ZodType> {
  /** The kind of aggregate it changes: snapshots are kept per kind and id. */
  kind: string;
  /** Raised when the payload's shape changes; the server refuses versions it does not know. */
  schemaVersion: number;
  payload: P;
  /** The aggregate a payload changes. */
  aggregateOf(payload: z.output<P>): string;
  /** The server's state of the aggregate after the command. */
  snapshot: S;
  /** Function permission (spec §6): the menu path that must be granted. */
  menuPath: string;
  /** The single-command endpoint for API callers. */
  path: string;
  summary: string;
  tag: string;
}

/** Every domain and group command is a function of the domain list (spec §6 menu path). */
const domainMenuPath = '/cdn/domain/list';

const command = <P extends z.ZodType, S extends z.ZodType>(spec: CommandSpec<P, S>) => spec;

export const commandSpecs = {
  'ipBan.ban': command({
    kind: 'ipBan',
    schemaVersion: 1,
    payload: ipBanBanPayload,
    aggregateOf: (p) => p.cidr,
    snapshot: ipBanEntry,
    menuPath: '/cdn/ip-ban',
    path: '/v3/ipban/ban/add',
    summary: 'Ban an IP or CIDR range (a new entry, or again an unbanned one).',
    tag: 'ipBan',
  }),
  'ipBan.update': command({
    kind: 'ipBan',
    schemaVersion: 1,
    payload: ipBanUpdatePayload,
    aggregateOf: (p) => p.cidr,
    snapshot: ipBanEntry,
    menuPath: '/cdn/ip-ban',
    path: '/v3/ipban/ban/update',
    summary: 'Change the reason or expiry of a ban in force.',
    tag: 'ipBan',
  }),
  'ipBan.unban': command({
    kind: 'ipBan',
    schemaVersion: 1,
    payload: ipBanUnbanPayload,
    aggregateOf: (p) => p.cidr,
    snapshot: ipBanEntry,
    menuPath: '/cdn/ip-ban',
    path: '/v3/ipban/ban/unban',
    summary: 'Lift a ban in force.',
    tag: 'ipBan',
  }),
  'domain.create': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainCreatePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/add',
    summary: 'Add an accelerated domain with its origins; the answer carries its CNAME.',
    tag: 'domain',
  }),
  'domain.copyConfig': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainCopyPayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/copy',
    summary:
      'Add a new domain with the configuration of another (one target of a copy, at most 10 per copy_id).',
    tag: 'domain',
  }),
  'domain.hangUp': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainIdPayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/hangup',
    summary: 'Hang up (suspend) an active domain.',
    tag: 'domain',
  }),
  'domain.recover': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainIdPayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/recover',
    summary: 'Recover a hung-up domain: it is active again.',
    tag: 'domain',
  }),
  'domain.delete': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainIdPayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/delete',
    summary: 'Delete a domain; its name becomes free again.',
    tag: 'domain',
  }),
  'domain.rename': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainRenamePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/rename',
    summary: 'Change the service domain of a domain; it gets the CNAME of its new name.',
    tag: 'domain',
  }),
  'domain.move': command({
    kind: 'domain',
    schemaVersion: 1,
    payload: domainMovePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainEntry,
    menuPath: domainMenuPath,
    path: '/v3/domain/domain/group',
    summary: 'Put a domain in a group, or in none (group_id null).',
    tag: 'domain',
  }),
  'domainGroup.create': command({
    kind: 'domainGroup',
    schemaVersion: 1,
    payload: groupCreatePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainGroup,
    menuPath: domainMenuPath,
    path: '/v3/domain/group/add',
    summary: 'Create a group of domains.',
    tag: 'domain',
  }),
  'domainGroup.rename': command({
    kind: 'domainGroup',
    schemaVersion: 1,
    payload: groupRenamePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainGroup,
    menuPath: domainMenuPath,
    path: '/v3/domain/group/rename',
    summary: 'Rename a group of domains.',
    tag: 'domain',
  }),
  'domainGroup.delete': command({
    kind: 'domainGroup',
    schemaVersion: 1,
    payload: groupDeletePayload,
    aggregateOf: (p) => p.id,
    snapshot: domainGroup,
    menuPath: domainMenuPath,
    path: '/v3/domain/group/delete',
    summary: 'Delete an empty group.',
    tag: 'domain',
  }),
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof commandSpecs;
export type PayloadOf<N extends CommandName> = z.input<(typeof commandSpecs)[N]['payload']>;
export type SnapshotOf<N extends CommandName> = z.output<(typeof commandSpecs)[N]['snapshot']>;

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
  name: z.string().max(100),
  aggregate_id: z.string().min(1).max(200),
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
