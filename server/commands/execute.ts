import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, menuDefinitions, type Issue, type Language } from '../../src/contract';
import { commandSpecs, type CommandName, type CommandResult } from '../../src/contract/commands';
import type { Db, Executor, Tx } from '../db/client';
import { accountMenus } from '../db/schema';
import { AppError } from '../http/envelope';
import { t } from '../i18n/messages';
import type { AuditOrigin } from '../modules/audit/service';
import type { CommandHandler, CommandSettings } from './handler';
import {
  findStored,
  openCommand,
  requestHash,
  storeWithWrites,
  type StoredCommand,
  type StoredResponse,
} from './idempotency';
import { commandHandlers } from './registry';

/** Who sends a command. */
export interface CommandActor {
  /** The signed-in account: the audit event's actor. */
  accountId: number;
  login: string;
  /** The active account: the command changes its data, and its menu grants the function. */
  viewAccountId: number;
}

/** What a command runs with; one context serves every command of a push. */
export interface CommandContext {
  db: Db;
  /** The caller's language for `msg`. */
  language: Language;
  /** The caller's address, for the audit event. */
  ip: string;
  /** The configuration the handlers' rules read (see `CommandSettings`). */
  settings: CommandSettings;
  /** The server clock; the demo seed applies its commands at earlier times. Default: now. */
  now?: () => Date;
  /**
   * Menu ids granted to the active account: read on first use and kept here, so a push of many
   * commands reads the menu once.
   */
  grantedMenu?: Set<number>;
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

/** A zod issue message that looks like a message id `area.screen.key` (as in the app's validation answers). */
const messageIdPattern = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+){2,}$/;

export const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message_id: messageIdPattern.test(issue.message) ? issue.message : 'common.invalid',
  }));

const isCommandName = (name: string): name is CommandName => Object.hasOwn(commandSpecs, name);

async function grantedMenuOf(ctx: CommandContext, tx: Executor, accountId: number): Promise<Set<number>> {
  if (!ctx.grantedMenu) {
    const rows = await tx
      .select({ id: accountMenus.menuId })
      .from(accountMenus)
      .where(eq(accountMenus.accountId, accountId));
    ctx.grantedMenu = new Set(rows.map((r) => r.id));
  }
  return ctx.grantedMenu;
}

/** Function permission (spec §6), as `requireMenuPath` decides it for the endpoints. */
const grants = (granted: Set<number>, path: string) =>
  menuDefinitions.some((m) => m.path === path && m.parent_id !== 0 && granted.has(m.menu_id));

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
 * 4. function permission: the spec's menu path granted to the active account (40301);
 * 5. the aggregate's version (0 when absent) must equal `base_version` → else 40902 with the server's
 *    `{version, current}`;
 * 6. the handler applies it (its rules may refuse: 40905, 42203);
 * 7. the handler's writes, the audit event, and the key with its answer, in one statement; commit.
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
  const accountId = actor.viewAccountId;
  const hash = requestHash(command);
  const failure = (error: AppError) =>
    answer(ctx, command.key, { code: error.code, message_id: error.messageId, data: error.data });
  const replayOf = (stored: StoredCommand) =>
    stored.requestHash === hash
      ? answer(ctx, command.key, stored.response)
      : failure(new AppError(Code.idempotencyKeyReused, 'sync.keyReused'));
  try {
    return await ctx.db.transaction((tx) => applyCommand(tx, ctx, actor, command, origin, hash, replayOf));
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

async function applyCommand(
  tx: Tx,
  ctx: CommandContext,
  actor: CommandActor,
  command: CommandInput,
  origin: AuditOrigin,
  hash: string,
  replayOf: (stored: StoredCommand) => CommandResult,
): Promise<CommandResult> {
  const accountId = actor.viewAccountId;
  const known = isCommandName(command.name) ? command.name : null;
  const handler = known && (commandHandlers[known] as CommandHandler<CommandName>);
  const opened = await openCommand(
    tx,
    accountId,
    command.key,
    handler ? handler.lockName(accountId, command.aggregate_id) : null,
  );
  if (!opened.locked) throw new AppError(Code.commandInFlight, 'sync.inFlight');
  if (opened.stored) return replayOf(opened.stored);

  if (!known || !handler) throw new AppError(Code.commandRejected, 'sync.unknownCommand');
  const spec = commandSpecs[known];
  if (command.schema_version !== spec.schemaVersion)
    throw new AppError(Code.commandRejected, 'sync.unknownCommand');
  const parsed = spec.payload.safeParse(command.payload);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new AppError(Code.invalidRequest, issues[0]?.message_id ?? 'common.invalid', { issues });
  }
  const payload = parsed.data as never;
  if ((spec.aggregateOf as (p: unknown) => string)(payload) !== command.aggregate_id) {
    const issues = [{ path: 'aggregate_id', message_id: 'sync.aggregateMismatch' }];
    throw new AppError(Code.invalidRequest, 'sync.aggregateMismatch', { issues });
  }

  if (!grants(await grantedMenuOf(ctx, tx, accountId), spec.menuPath))
    throw new AppError(Code.forbidden, 'common.forbidden');

  const now = ctx.now?.() ?? new Date();
  const current = await handler.load(tx, { accountId, aggregateId: command.aggregate_id, now });
  const version = current?.version ?? 0;
  if (command.base_version !== null && command.base_version !== version)
    throw new AppError(Code.versionConflict, 'sync.versionConflict', {
      version,
      current: current ? handler.snapshotOf(current.state) : null,
    });

  const applied = await handler.apply(
    tx,
    {
      accountId,
      aggregateId: command.aggregate_id,
      now,
      actorId: actor.accountId,
      actorLogin: actor.login,
      version: version + 1,
      settings: ctx.settings,
    },
    payload,
    current,
  );
  const response: StoredResponse = {
    code: Code.ok,
    message_id: applied.messageId,
    data: { version: version + 1, snapshot: applied.snapshot },
  };
  await storeWithWrites(
    tx,
    { accountId, key: command.key, requestHash: hash, command: command.name, response },
    applied.writes,
    {
      accountId,
      actorId: actor.accountId,
      action: command.name,
      target: command.aggregate_id,
      before: applied.before,
      after: applied.after,
      origin,
      ip: ctx.ip,
      at: now,
    },
  );
  return answer(ctx, command.key, response);
}
