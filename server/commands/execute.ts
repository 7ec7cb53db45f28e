import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  applyAny,
  doneId,
  Refusal,
  targetsOf,
  type AggregateRef,
  type AnyCommand,
  type CommandSettings,
} from '../../src/commands/command';
import { commandNamed, type CommandName } from '../../src/commands/registry';
import { Code, type Issue, type Language } from '../../src/contract';
import { sectionKinds } from '../../src/contract/domain-config';
import type { CommandResult } from '../../src/contract/commands';
import type { Db, Tx } from '../db/client';
import { objectsOfAggregate } from '../../src/commands/objects';
import { authorize, requireReach } from '../authz/gate';
import { resolveObjects } from '../authz/objects';
import type { Principal } from '../authz/principal';
import { changeChannel, changePayload, type ChangeFeed } from '../http/changes';
import { AppError } from '../http/envelope';
import { isKnownMessage, t } from '../i18n/messages';
import type { AuditOrigin } from '../modules/audit/service';
import { touchEdge } from '../modules/edge/service';
import {
  findStored,
  openCommand,
  requestHash,
  storeWithWrites,
  type CommandLock,
  type StoredCommand,
  type StoredResponse,
} from './idempotency';
import { serverSides, type ServerSide } from './server-side';
import { aggregateLockName } from './locks';
import { stores, type AggregateStore, type Stored } from './stores';

export type { CommandSettings };

/**
 * Who sends a command: the caller as the gate judges it. Its signed-in account is the audit
 * event's actor; its active account's data is what the command changes.
 */
export type CommandActor = Principal;

/** What a command runs with; one context serves every command of a push. */
export interface CommandContext {
  db: Db;
  /** The caller's language for `msg`. */
  language: Language;
  /** The caller's address, for the audit event. */
  ip: string;
  /** The configuration the rules read (see `CommandSettings`). */
  settings: CommandSettings;
  /** The server clock; the demo seed applies its commands at earlier times. Default: now. */
  now?: () => Date;
  /** Told of every applied command once it has committed (what the server keeps in memory). */
  changes?: ChangeFeed;
  /**
   * Other processes share the database (PostgreSQL): each applied command also notifies them
   * (NOTIFY, delivered when the transaction commits).
   */
  notifyOthers?: boolean;
}

/** A command as the executor takes it: from a push, or built from a single-command call. */
export interface CommandInput {
  key: string;
  name: string;
  aggregate_id: string;
  /** The version the change was based on; null: not checked (single-command calls without one). */
  base_version: number | null;
  schema_version: number;
  payload: unknown;
}

export const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message_id: isKnownMessage(issue.message) ? issue.message : 'common.invalid',
  }));

const answer = (ctx: CommandContext, key: string, response: StoredResponse): CommandResult => ({
  key,
  code: response.code,
  msg: t(response.message_id, ctx.language, response.data),
  data: response.data,
});

/**
 * Applies one command in one transaction (ARCHITECTURE.md, "The path of a configuration edit", 5):
 *
 * 1. the advisory lock of (active account, key), if free: held by another transaction → 40903,
 *    nothing stored; then the handler's lock, waited for (see `CommandHandler.lockName`);
 * 2. the key's stored answer: same request → that answer again, no effect; another request → 42202;
 * 3. the command and its schema version must be known (40905), the payload valid (40001 with
 *    `issues`), and `aggregate_id` the aggregate the payload names (40001);
 * 4. the gate (server/authz): the command's function permission, and the objects of every aggregate
 *    it changes, as stored and as it would leave them (40301);
 * 5. the aggregate's version (0 when absent) must equal `base_version` → else 40902 with the server's
 *    `{version, current}`;
 * 6. the module applies it (its rules may refuse: 40905, 42203);
 * 7. the writes, the audit event, and the key with its answer, in one statement; commit.
 *
 * Only accepted answers are stored. A refused, conflicting or held command leaves no trace, so the
 * browser can keep it, let the user edit it, and send it again under the same key: it is judged
 * afresh. The stored answer keeps the message id, not the text: a replay reads in the caller's
 * language of the moment.
 *
 * Answers a result whatever the outcome; only unexpected faults (the database) throw.
 */
export async function executeCommand(
  ctx: CommandContext,
  actor: CommandActor,
  command: CommandInput,
  origin: AuditOrigin,
): Promise<CommandResult> {
  const accountId = actor.view.id;
  const hash = requestHash(command);
  const failure = (error: AppError) =>
    answer(ctx, command.key, { code: error.code, message_id: error.messageId, data: error.data });
  const replayOf = (stored: StoredCommand) =>
    stored.requestHash === hash
      ? answer(ctx, command.key, stored.response)
      : failure(new AppError(Code.idempotencyKeyReused, 'sync.keyReused'));
  try {
    const { result, targets } = await ctx.db.transaction((tx) =>
      applyCommand(tx, ctx, actor, command, origin, hash, replayOf),
    );
    if (result.code === Code.ok)
      for (const target of targets) ctx.changes?.publish({ accountId, kind: target.kind, id: target.id });
    return result;
  } catch (error) {
    const refused = error instanceof AppError;
    if (refused && error.code === Code.commandInFlight) return failure(error);
    if (!refused && !isUniqueViolation(error)) throw error;
    // The key's answer may have been stored by a transaction that committed while this one
    // opened (see `openCommand`): that answer, not this failure, is the command's.
    const stored = await findStored(ctx.db, accountId, command.key);
    if (stored) return replayOf(stored);
    if (refused) return failure(error);
    throw error;
  }
}

/** A unique index refused a row (PostgreSQL 23505), as the driver or drizzle reports it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A refusal of a command module's rule, as the envelope answers it. */
const refusedBy = (refusal: Refusal) =>
  new AppError(refusal.code, refusal.messageId, {
    ...refusal.data,
    issues: [{ path: refusal.path, message_id: refusal.messageId }],
  });

/** The fields of a state the audit log compares: not its version, times and authors. */
const metaFields = new Set(['id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by']);

/** What a change did, field by field: the fields it changed, before and after (all of them for a new aggregate). */
function changedFields(
  before: unknown,
  after: unknown,
): { before: Record<string, unknown> | undefined; after: Record<string, unknown> } {
  const fieldsOf = (state: unknown) =>
    Object.entries((state ?? {}) as Record<string, unknown>).filter(([key]) => !metaFields.has(key));
  if (before === undefined) return { before: undefined, after: Object.fromEntries(fieldsOf(after)) };
  const old = Object.fromEntries(fieldsOf(before));
  const changed = fieldsOf(after).filter(
    ([key, value]) => JSON.stringify(old[key]) !== JSON.stringify(value),
  );
  return {
    before: Object.fromEntries(changed.map(([key]) => [key, old[key]])),
    after: Object.fromEntries(changed),
  };
}

/** The locks of a command: each of its aggregates' (in one order, so two commands never wait on each other), then its server side's. */
function locksOf(
  accountId: number,
  targets: AggregateRef[],
  side: ServerSide<CommandName> | undefined,
  payload: unknown,
): CommandLock[] {
  const own = targets
    .map((target) => aggregateLockName(accountId, target.kind, target.id))
    .sort()
    .map((name) => ({ name }));
  return [...own, ...(side?.locks?.({ accountId, payload: payload as never }) ?? [])];
}

/**
 * Applies one command in one transaction (ARCHITECTURE.md, "The path of a configuration edit", 5):
 *
 * 1. the payload is parsed (a command's locks follow from it);
 * 2. the advisory lock of (active account, key), if free: held by another transaction → 40903,
 *    nothing stored; then the locks of the aggregates the command changes and of what its rules
 *    read, waited for;
 * 3. the key's stored answer: same request → that answer again, no effect; another request → 42202;
 * 4. the command and its schema version must be known (40905), the payload valid (40001 with
 *    `issues`), and `aggregate_id` the primary aggregate the payload names (40001);
 * 5. the gate (server/authz/gate.ts): the module's function permission (and a read-only token
 *    refused); the objects of each aggregate it changes by id (a new domain needs every domain),
 *    then as stored, before the version is compared or anything of it answered (40301);
 * 6. the primary aggregate's version (0 when absent) must equal `base_version` → else 40902 with the
 *    server's `{version, current}`;
 * 7. the module's `apply` (the same function the browser folds with), with the facts its server
 *    side reads: its rules may refuse (40905, 42203, ...); then the gate again on the objects of
 *    the aggregates as the command leaves them (a policy moved to a domain not granted: 40301);
 * 8. each aggregate's writes, the audit event, and the key with its answer, in one statement; commit.
 *
 * Only accepted answers are stored. A refused, conflicting or held command leaves no trace, so the
 * browser can keep it, let the user edit it, and send it again under the same key: it is judged
 * afresh. The stored answer keeps the message id, not the text: a replay reads in the caller's
 * language of the moment.
 */
async function applyCommand(
  tx: Tx,
  ctx: CommandContext,
  actor: CommandActor,
  command: CommandInput,
  origin: AuditOrigin,
  hash: string,
  replayOf: (stored: StoredCommand) => CommandResult,
): Promise<{ result: CommandResult; targets: AggregateRef[] }> {
  const accountId = actor.view.id;
  const module: AnyCommand | undefined = commandNamed(command.name);
  const known = module !== undefined && command.schema_version === module.schemaVersion;
  const parsed = known ? module.payload.safeParse(command.payload) : null;
  const side = known
    ? (serverSides[(module.factsOf ?? command.name) as CommandName] as ServerSide<CommandName> | undefined)
    : undefined;
  const targets = parsed?.success ? targetsOf(module!, parsed.data) : [];
  const opened = await openCommand(
    tx,
    accountId,
    command.key,
    parsed?.success ? locksOf(accountId, targets, side, parsed.data) : [],
  );
  if (!opened.locked) throw new AppError(Code.commandInFlight, 'sync.inFlight');
  if (opened.stored) return { result: replayOf(opened.stored), targets: [] };

  if (!known || !parsed) throw new AppError(Code.commandRejected, 'sync.unknownCommand');
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    // What the first message's placeholders read (a rule's limit), when the rule gave it.
    const first = parsed.error.issues[0];
    const params = first?.code === 'custom' ? (first.params ?? {}) : {};
    throw new AppError(Code.invalidRequest, issues[0]?.message_id ?? 'common.invalid', { ...params, issues });
  }
  const payload = parsed.data;
  const primary = targets[0]!;
  if (primary.id !== command.aggregate_id) {
    const issues = [{ path: 'aggregate_id', message_id: 'sync.aggregateMismatch' }];
    throw new AppError(Code.invalidRequest, 'sync.aggregateMismatch', { issues });
  }

  // The gate (spec §6), as for every call: the module's function permission; then the objects of
  // each aggregate it changes, by their ids alone (a new domain needs every domain granted), as they
  // are, and as the command leaves them.
  authorize(actor, { access: 'identity', effect: 'write', menu: module.menuPath });
  const reachOf = async (states: Partial<Record<string, unknown>>) => {
    for (const target of targets)
      requireReach(
        actor,
        await resolveObjects(tx, actor, objectsOfAggregate(target.kind, target.id, states[target.kind])),
      );
  };
  await reachOf({});

  const now = ctx.now?.() ?? new Date();
  const storeOf = (kind: AggregateRef['kind']) => stores[kind] as AggregateStore<unknown>;
  let loaded: Partial<Record<string, Stored<unknown> | null>>;
  let facts: unknown;
  if (side?.load) {
    const read = await side.load(tx, { accountId, payload: payload as never, now });
    loaded = read.current;
    facts = read.facts;
  } else {
    // One after another: a transaction's queries share one connection.
    loaded = {};
    for (const target of targets)
      loaded[target.kind] = (await storeOf(target.kind).load(tx, accountId, target.id)) ?? null;
    facts = side?.facts
      ? await side.facts(tx, { accountId, payload: payload as never, now, current: loaded as never })
      : undefined;
  }
  await reachOf(Object.fromEntries(targets.map((target) => [target.kind, loaded[target.kind]?.state])));
  const version = loaded[primary.kind]?.version ?? 0;
  if (command.base_version !== null && command.base_version !== version)
    throw new AppError(Code.versionConflict, 'sync.versionConflict', {
      version,
      current: loaded[primary.kind]?.state ?? null,
    });

  const current = Object.fromEntries(targets.map((target) => [target.kind, loaded[target.kind]?.state]));
  let next: Record<string, unknown>;
  try {
    next = applyAny(module, current, payload, {
      now: now.toISOString(),
      actor: actor.account.login,
      facts,
      settings: ctx.settings,
    });
  } catch (error) {
    if (error instanceof Refusal) throw refusedBy(error);
    throw error;
  }
  await reachOf(next);

  const saved = targets.map((target, i) =>
    storeOf(target.kind).save(tx, `t${i}`, {
      accountId,
      id: target.id,
      actorId: actor.account.id,
      actorLogin: actor.account.login,
      now,
      version: (loaded[target.kind]?.version ?? 0) + 1,
      command: command.name,
      before: loaded[target.kind] ?? null,
      after: next[target.kind],
    }),
  );
  const snapshot = saved[0]!.state;
  const response: StoredResponse = {
    code: Code.ok,
    message_id: doneId(module),
    data: { version: version + 1, snapshot },
  };
  // The primary aggregate's fields; the others' under their kind (a copy's targets).
  const audited = changedFields(loaded[primary.kind]?.state, snapshot);
  for (const [i, target] of targets.entries()) {
    if (i === 0) continue;
    const other = changedFields(loaded[target.kind]?.state, saved[i]!.state);
    if (audited.before !== undefined) audited.before = { ...audited.before, [target.kind]: other.before };
    audited.after = { ...audited.after, [target.kind]: other.after };
  }
  await storeWithWrites(
    tx,
    { accountId, key: command.key, requestHash: hash, command: command.name, response },
    saved.flatMap((s) => s.writes),
    {
      accountId,
      actorId: actor.account.id,
      action: command.name,
      target: command.aggregate_id,
      before: audited.before,
      after: audited.after,
      origin,
      ip: ctx.ip,
      at: now,
    },
  );
  await touchEdgeOf(tx, accountId, targets);
  if (ctx.notifyOthers)
    await tx.execute(
      sql`select ${sql.join(
        targets.map(
          (target) =>
            sql`pg_notify(${changeChannel}, ${changePayload({ accountId, kind: target.kind, id: target.id })})`,
        ),
        sql`, `,
      )}`,
    );
  return { result: answer(ctx, command.key, response), targets };
}

const edgeServed: ReadonlySet<string> = new Set<string>(['domain', ...sectionKinds]);

/**
 * What the edge serves changed with the command: a domain or one of its sections, or the IP bans,
 * which serve on every domain of the account. Marked in the command's transaction.
 */
async function touchEdgeOf(tx: Tx, accountId: number, targets: readonly AggregateRef[]): Promise<void> {
  if (targets.some((target) => target.kind === 'ipBan')) return touchEdge(tx, accountId, 'account');
  const domains = targets.filter((target) => edgeServed.has(target.kind)).map((target) => target.id);
  if (domains.length > 0) await touchEdge(tx, accountId, domains);
}
