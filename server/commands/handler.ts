import type { WithSubquery } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandName, commandSpecs } from '../../src/contract/commands';
import type { Tx } from '../db/client';

type SpecOf<N extends CommandName> = (typeof commandSpecs)[N];
/** A command's payload after the contract's schema parsed it. */
export type ParsedPayload<N extends CommandName> = z.output<SpecOf<N>['payload']>;
export type Snapshot<N extends CommandName> = z.output<SpecOf<N>['snapshot']>;

/**
 * An aggregate as `load` read it: its version, and the handler's own view of its state, which may
 * carry more than the aggregate (what the rules read besides it). Version 0: the aggregate does
 * not exist yet.
 */
export interface Current<State> {
  version: number;
  state: State;
}

/** What a handler knows when it loads or applies a command. */
export interface LoadContext {
  /** The active account: the command changes its data. */
  accountId: number;
  aggregateId: string;
  /** The server clock at which the command applies (time rules and every stored time use it). */
  now: Date;
}

/**
 * The server's configuration as the rules read it: the same for every command of a server, so it
 * travels with the command context rather than in the handlers (which are one table per process).
 */
export interface CommandSettings {
  /** The suffix of the CNAME given to each accelerated domain (`CNAME_SUFFIX`). */
  cnameSuffix: string;
}

export interface ApplyContext extends LoadContext {
  /** The signed-in account that made the change, and its login (snapshots name people by login). */
  actorId: number;
  actorLogin: string;
  /** The aggregate's version after the command: the current version plus one, or 1 for a new one. */
  version: number;
  settings: CommandSettings;
}

/** An applied command: its writes, the snapshot to answer, and the audit event's before and after. */
export interface Applied<S> {
  /**
   * The handler's writes, as data-modifying common table expressions (`tx.$with(name).as(...)`,
   * any name but `audit_event`): the executor runs them in the statement that appends the audit
   * event and stores the key, so an accepted command costs one write statement.
   */
  writes: WithSubquery[];
  snapshot: S;
  before: unknown;
  after: unknown;
  /** The message id of the success answer. */
  messageId: string;
}

/**
 * The feature side of one command (see `./registry`). The executor validates, checks permission
 * and version, audits and records the idempotency key; the handler reads its own tables, decides,
 * and says what to write.
 *
 * Invariants a handler keeps:
 * - `lockName` names the advisory lock that serialises the command with every command whose effect
 *   it reads: the executor holds it from before `load` until the transaction ends. It covers the
 *   creation of an aggregate that does not exist yet (a row lock cannot lock a missing row) and
 *   whatever else the rules read (such as an account-wide limit).
 * - `apply` refuses with an `AppError` (rules: 40905 commandRejected with a message id and
 *   `issues`, or 42203 limitReached) before anything is written, and writes the aggregate with
 *   `ctx.version`.
 */
export interface CommandHandler<N extends CommandName, State = unknown> {
  lockName(accountId: number, aggregateId: string): string;
  load(tx: Tx, ctx: LoadContext): Promise<Current<State> | null>;
  /** The snapshot of a loaded state, as a conflict answers it (`data.current`); null: none yet. */
  snapshotOf(state: State): Snapshot<N> | null;
  apply(
    tx: Tx,
    ctx: ApplyContext,
    payload: ParsedPayload<N>,
    current: Current<State> | null,
  ): Promise<Applied<Snapshot<N>>>;
}
