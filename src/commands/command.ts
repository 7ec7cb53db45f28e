import type { I18n, MessageDescriptor } from '@lingui/core';
import type { z } from 'zod';
import { Code } from '../contract/codes';
import type { AggregateStates, Kind } from './kinds';

/** An aggregate: the unit of a version, a lock and a conflict. */
export interface AggregateRef {
  kind: Kind;
  id: string;
}

/** One text key for an aggregate (maps, locks, outbox indexes). */
export const aggregateKey = (ref: { kind: string; id: string }) => `${ref.kind}\u0000${ref.id}`;

/**
 * A rule of a command refuses it: the message id both sides show, the field it concerns, the
 * envelope code (40905 by default) and what the message's placeholders read.
 */
export class Refusal extends Error {
  constructor(
    readonly messageId: string,
    readonly path: string,
    readonly code: number = Code.commandRejected,
    readonly data: Record<string, unknown> = {},
  ) {
    super(messageId);
    this.name = 'Refusal';
  }
}

/** The server's configuration the rules read. */
export interface CommandSettings {
  /** The suffix of the CNAME given to each accelerated domain (`CNAME_SUFFIX`). */
  cnameSuffix: string;
  /** Origins may be private, loopback or link-local addresses (`ORIGIN_PRIVATE`); strict when absent. */
  originPrivate?: boolean;
}

/** What a command applies with, besides the aggregates and its payload. */
export interface ApplyContext<F> {
  /** When it applies (ISO 8601): the server's clock, or the browser's for its prediction. */
  now: string;
  /** The login of who makes it. */
  actor: string;
  /**
   * What the server reads for the rules beyond the aggregates (a name taken in another account,
   * a list's count). Undefined in the browser: its prediction skips those rules, which the server
   * judges.
   */
  facts: F | undefined;
  /** Undefined in the browser. */
  settings: CommandSettings | undefined;
}

/**
 * A line of text in the reader's language: a catalog message (written in a command module as a
 * plain descriptor after an `i18n` block comment, so that the catalogs hold it and the server, which runs no
 * macros, can import the module) and what its placeholders read. A value that is itself a message
 * is translated first.
 */
export interface Line {
  message: MessageDescriptor;
  values?: Record<string, string | number | MessageDescriptor>;
}

/** The current state of each aggregate a command changes, undefined when it does not exist. */
export type Current<K extends Kind> = { [k in K]: AggregateStates[k] | undefined };
/** The state of each aggregate after the command. */
export type Next<K extends Kind> = { [k in K]: AggregateStates[k] };

/**
 * One command (ARCHITECTURE.md, "A command is one module"): its payload, the aggregates it changes,
 * its function permission and endpoint, and one pure `apply` that the browser's projection and the
 * server's executor both call, as Replicache shares its mutators.
 *
 * A command changes at most one aggregate of each kind; each accepted command raises the version of
 * every one of them by exactly one (the browser relies on that to predict the version a queued
 * command is based on). `primary` is the aggregate whose version the command is based on: a
 * conflict is judged on it.
 *
 * In the browser only the aggregate being shown is known (the others are undefined), and no facts:
 * `apply` must give each aggregate's next state from its own state and the payload, and check the
 * rules that read another aggregate or the facts only when those are given.
 */
export interface CommandModule<N extends string, S extends z.ZodType, K extends Kind, F, P extends K = K> {
  readonly name: N;
  /** Raised when the payload's shape changes; the server refuses versions it does not know. */
  readonly schemaVersion: number;
  /** Parses the payload as sent (the browser's forms check the same rules first). */
  readonly payload: S;
  readonly primary: P;
  /** The id of each aggregate the payload changes. */
  targets(payload: z.output<S>): { [k in K]: string };
  /** Function permission (spec §6): the menu path that must be granted. */
  readonly menuPath: string;
  /** The single-command endpoint for API callers. */
  readonly api: { path: string; summary: string; tag: string };
  /** The success answer's message: its id, or the message itself where the module holds its text. */
  readonly done: string | MessageDescriptor;
  /** Its name in the audit log and its filter, in the past tense ("Created a domain"); id `auditLog.action.<name>`. */
  readonly label: MessageDescriptor;
  /** How the pending-changes panel names a queued one ("Ban 192.0.2.1"). */
  describe(payload: z.output<S>): Line;
  /**
   * The command whose server side (`server/commands/server-side.ts`) this one shares, when it
   * reads the same facts from a payload of the same shape; by default its own.
   */
  readonly factsOf?: string;
  /** The change, or a `Refusal`; pure: no clock, no storage, nothing but its arguments. */
  apply(current: Current<K>, payload: z.output<S>, ctx: ApplyContext<F>): Next<K>;
}

/** Any command module, for code that holds names it did not choose (the outbox, a push): call it with what its payload schema parsed. */
export interface AnyCommand {
  readonly name: string;
  readonly schemaVersion: number;
  readonly payload: z.ZodType;
  readonly primary: Kind;
  targets(payload: never): Partial<Record<Kind, string>>;
  readonly menuPath: string;
  readonly api: { path: string; summary: string; tag: string };
  readonly done: string | MessageDescriptor;
  readonly label: MessageDescriptor;
  describe(payload: never): Line;
  readonly factsOf?: string;
  apply(current: never, payload: never, ctx: never): Partial<Record<Kind, unknown>>;
}

/** A command module, typed from its own definition. */
export const defineCommand = <
  const N extends string,
  S extends z.ZodType,
  K extends Kind,
  const P extends NoInfer<K>,
  F = undefined,
>(
  module: CommandModule<N, S, K, F, P>,
) => module;

/** The ids of the aggregates a command changes, the primary first. */
export function targetsOf(module: AnyCommand, payload: unknown): AggregateRef[] {
  const ids = module.targets(payload as never) as Record<Kind, string>;
  const kinds = Object.keys(ids) as Kind[];
  return [module.primary, ...kinds.filter((kind) => kind !== module.primary)].map((kind) => ({
    kind,
    id: ids[kind],
  }));
}

/** Runs a module's `apply` on what its schema parsed, for code that holds any command. */
export function applyAny(
  module: AnyCommand,
  current: Partial<Record<Kind, unknown>>,
  payload: unknown,
  ctx: ApplyContext<unknown>,
): Partial<Record<Kind, unknown>> {
  return module.apply(current as never, payload as never, ctx as never);
}

/** The id of a module's success message. */
export const doneId = (module: Pick<AnyCommand, 'done'>) =>
  typeof module.done === 'string' ? module.done : module.done.id;

/** A line in the reader's language (the `i18n` of the browser, or of the server's answer). */
export function lineText(line: Line, reader: Pick<I18n, '_'>): string {
  const values = Object.fromEntries(
    Object.entries(line.values ?? {}).map(([key, value]) => [
      key,
      typeof value === 'object' ? reader._(value) : value,
    ]),
  );
  return reader._({ ...line.message, values });
}
