import { and, eq, type WithSubquery } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ApplyContext } from '../../src/commands/command';
import type { AggregateStates, Kind } from '../../src/commands/kinds';
import type { CommandName, Commands, PayloadOf } from '../../src/commands/registry';
import type { Executor } from '../db/client';

/** An aggregate as stored: its version and its state. */
export interface Stored<S> {
  version: number;
  state: S;
}

/** What a command's change of one aggregate is written with. */
export interface SaveInput<S> {
  accountId: number;
  id: string;
  actorId: number;
  actorLogin: string;
  now: Date;
  /** The version after the command. */
  version: number;
  /** The command's name (the history of a document names it). */
  command: string;
  before: Stored<S> | null;
  after: S;
}

/**
 * How one kind of aggregate is read and written. `save` does not run anything: it answers the
 * writes as data-modifying common table expressions, named from `name` (unique in the statement),
 * which the executor runs in the one statement that also appends the audit event and stores the
 * idempotency key; and the state as saved, its version and times stamped.
 */
export interface AggregateStore<S> {
  load(tx: Executor, accountId: number, id: string): Promise<Stored<S> | null>;
  save(tx: Executor, name: string, input: SaveInput<S>): { writes: WithSubquery[]; state: S };
}

/** The times and authors of a state, as the server stamps them. */
export function stamped<S extends Record<string, unknown>>(input: SaveInput<S>): S {
  const created = input.before?.state;
  const meta: Record<string, unknown> = { version: input.version };
  if ('updated_at' in input.after) meta.updated_at = input.now.toISOString();
  if ('updated_by' in input.after) meta.updated_by = input.actorLogin;
  if ('created_at' in input.after) meta.created_at = created ? created.created_at : input.now.toISOString();
  if ('created_by' in input.after) meta.created_by = created ? created.created_by : input.actorLogin;
  return { ...input.after, ...meta };
}

/** A table of aggregates kept as rows: the account's rows by id, with their versions and authors. */
type RowTable = PgTable & { accountId: AnyPgColumn; id: AnyPgColumn };

/**
 * The write of an aggregate kept as a row (a domain, a group, a ban): its row updated, or inserted
 * when it is new with the `created` columns besides (what never changes after); the version and
 * authors stamped either way.
 */
export function rowWrite<S>(
  tx: Executor,
  table: RowTable,
  input: SaveInput<S>,
  columns: Record<string, unknown>,
  created: Record<string, unknown> = {},
) {
  const meta = { updatedBy: input.actorId, updatedAt: input.now, version: input.version };
  return input.before
    ? tx
        .update(table)
        .set({ ...columns, ...meta } as never)
        .where(and(eq(table.accountId, input.accountId), eq(table.id, input.id)))
        .returning({ id: table.id })
    : tx
        .insert(table)
        .values({
          accountId: input.accountId,
          id: input.id,
          ...created,
          ...columns,
          createdBy: input.actorId,
          createdAt: input.now,
          ...meta,
        } as never)
        .returning({ id: table.id });
}

/** A lock beyond the aggregates' own: a name, a list; shared when the command only reads it. */
export interface LockSpec {
  name: string;
  shared?: boolean;
}

/** What the rules of a command read beyond its aggregates (its module's `ApplyContext` facts). */
export type FactsOf<N extends CommandName> =
  Parameters<Commands[N]['apply']>[2] extends ApplyContext<infer F> ? F : never;

export type Loaded = { [k in Kind]?: Stored<AggregateStates[k]> | null };

export interface ServerInput<N extends CommandName> {
  accountId: number;
  payload: PayloadOf<N>;
  now: Date;
}

/**
 * The server's side of a command, when its rules read more than its aggregates: the locks that
 * keep what they read still until it commits (taken after the aggregates' own), and the reading.
 * `load` reads the aggregates and the facts in one statement where the count of statements
 * matters (the ban list, the busiest replay), instead of the stores' reads and `facts`.
 * A command without one needs neither.
 */
export interface ServerSide<N extends CommandName> {
  locks?(input: { accountId: number; payload: PayloadOf<N> }): LockSpec[];
  facts?(tx: Executor, input: ServerInput<N> & { current: Loaded }): Promise<FactsOf<N>>;
  load?(tx: Executor, input: ServerInput<N>): Promise<{ current: Loaded; facts: FactsOf<N> }>;
}

/** The server sides of some commands, by name. */
export type ServerSides = { [N in CommandName]?: ServerSide<N> };
