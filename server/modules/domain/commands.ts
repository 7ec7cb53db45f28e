import { and, eq } from 'drizzle-orm';
import { Code, limits } from '../../../src/contract';
import type { DomainEntry, DomainGroup } from '../../../src/contract/domain';
import {
  blockedBySpecialConfig,
  canApply,
  statusAfter,
  type DomainAction,
} from '../../../src/contract/rules/domain';
import type {
  Applied,
  ApplyContext,
  CommandHandler,
  Current,
  LoadContext,
  ParsedPayload,
} from '../../commands/handler';
import type { Tx } from '../../db/client';
import { domainGroups, domains } from '../../db/schema';
import { AppError } from '../../http/envelope';
import {
  askGroupRules,
  askRules,
  cnameFor,
  domainLockName,
  domainNameLockName,
  entryOf,
  groupOf,
  loadDomain,
  loadGroup,
  takeLock,
  type DomainRow,
  type DomainState,
  type GroupRow,
} from './service';

/** Every domain and group command of an account waits for the others (see `domainLockName`). */
const lockName = (accountId: number) => domainLockName(accountId);

/** A rule refuses the command; `path` is the field it concerns, as in a validation answer. */
const refuse = (code: number, messageId: string, path: string, data: Record<string, unknown> = {}) =>
  new AppError(code, messageId, { ...data, issues: [{ path, message_id: messageId }] });

const rejected = (messageId: string, path: string, data: Record<string, unknown> = {}) =>
  refuse(Code.commandRejected, messageId, path, data);

// ---- domains -------------------------------------------------------------------------------

async function loadDomainAggregate(tx: Tx, ctx: LoadContext): Promise<Current<DomainState> | null> {
  const state = await loadDomain(tx, ctx.accountId, ctx.aggregateId);
  return state ? { version: state.row.version, state } : null;
}

const domainSnapshot = (state: DomainState) => entryOf(state);

/**
 * The domain an action applies to: it must exist, its status must allow the action (spec §4,
 * `actionAllowedFrom`: 40906 with the status and the action), and a special configuration must
 * not forbid it (spec §6, `blockedBySpecialConfig`: 40305).
 */
function domainFor(action: DomainAction, current: Current<DomainState> | null): DomainState {
  const state = current?.state;
  if (!state) throw rejected('domain.rule.notFound', 'id');
  const { status, specialConfig } = state.row;
  if (!canApply(action, status))
    throw refuse(Code.invalidTransition, 'domain.rule.invalidTransition', 'id', { status, action });
  if (specialConfig && blockedBySpecialConfig.has(action))
    throw refuse(Code.specialConfiguration, 'domain.rule.specialConfig', 'id');
  return state;
}

/** Claims a service domain's name: no other domain, not deleted, of any account may hold it. */
async function claimName(tx: Tx, ctx: ApplyContext, name: string, exceptId?: string) {
  await takeLock(tx, domainNameLockName(name));
  const answers = await askRules(tx, ctx.accountId, { name, ...(exceptId ? { exceptId } : {}) });
  if (answers.nameTaken) throw rejected('domain.name.exists', 'domain');
}

/** The fields of a domain the audit log keeps, in the snapshot's terms. */
type Audited = Partial<Pick<DomainEntry, 'domain' | 'cname' | 'status' | 'group_id'>>;
type ChangedFields = Partial<Pick<DomainRow, 'name' | 'cname' | 'status' | 'groupId'>>;

const auditedOf = (fields: ChangedFields): Audited => ({
  ...(fields.name !== undefined ? { domain: fields.name } : {}),
  ...(fields.cname !== undefined ? { cname: fields.cname } : {}),
  ...(fields.status !== undefined ? { status: fields.status } : {}),
  ...(fields.groupId !== undefined ? { group_id: fields.groupId } : {}),
});

/** The writes and answer of a change to an existing domain, at the new version. */
function change(
  tx: Tx,
  ctx: ApplyContext,
  state: DomainState,
  fields: ChangedFields,
  messageId: string,
): Applied<DomainEntry> {
  const set = { ...fields, updatedBy: ctx.actorId, updatedAt: ctx.now, version: ctx.version };
  const written = tx.$with('domain').as(
    tx
      .update(domains)
      .set(set)
      .where(and(eq(domains.accountId, ctx.accountId), eq(domains.id, ctx.aggregateId)))
      .returning({ id: domains.id }),
  );
  const before = Object.fromEntries(
    (Object.keys(fields) as (keyof ChangedFields)[]).map((key) => [key, state.row[key]]),
  ) as ChangedFields;
  return {
    writes: [written],
    snapshot: entryOf({
      row: { ...state.row, ...set },
      createdBy: state.createdBy,
      updatedBy: ctx.actorLogin,
    }),
    before: auditedOf(before),
    after: auditedOf(fields),
    messageId,
  };
}

type NewDomainPayload = ParsedPayload<'domain.create'>;

/** The rules every new domain (created or copied) meets, then its row and answer. */
async function addDomain(
  tx: Tx,
  ctx: ApplyContext,
  payload: NewDomainPayload,
  current: Current<DomainState> | null,
  copy: { sourceId: string; copyId: string; contents: string[] } | null,
): Promise<Applied<DomainEntry>> {
  if (current) throw rejected('domain.rule.exists', 'id');
  // The name's lock first, so that the answers below hold until the command commits.
  await takeLock(tx, domainNameLockName(payload.domain));
  const answers = await askRules(tx, ctx.accountId, {
    name: payload.domain,
    groupId: payload.group_id,
    ...(copy ? { sourceId: copy.sourceId, copyId: copy.copyId } : {}),
  });
  if (copy) {
    const { source } = answers;
    if (!source || !canApply('copy', source.status)) throw rejected('domain.rule.notFound', 'source_id');
    if (source.specialConfig)
      throw refuse(Code.specialConfiguration, 'domain.rule.specialConfig', 'source_id');
    if (answers.copyTargets >= limits.domain.copyTargetsMax)
      throw refuse(Code.limitReached, 'domain.copy.targetsMax', 'copy_id', {
        max: limits.domain.copyTargetsMax,
      });
  }
  if (answers.nameTaken) throw rejected('domain.name.exists', 'domain');
  if (payload.group_id !== null && !answers.groupExists) throw rejected('domain.group.notFound', 'group_id');
  const row: DomainRow = {
    accountId: ctx.accountId,
    id: ctx.aggregateId,
    name: payload.domain,
    serviceType: payload.service_type,
    area: payload.area,
    businessType: payload.business_type,
    status: 'active',
    cname: cnameFor(payload.domain, ctx.settings.cnameSuffix),
    groupId: payload.group_id,
    origins: payload.origins,
    specialConfig: false,
    copiedFrom: copy?.sourceId ?? null,
    copyId: copy?.copyId ?? null,
    createdBy: ctx.actorId,
    createdAt: ctx.now,
    updatedBy: ctx.actorId,
    updatedAt: ctx.now,
    version: ctx.version,
  };
  const entry = entryOf({ row, createdBy: ctx.actorLogin, updatedBy: ctx.actorLogin });
  return {
    writes: [tx.$with('domain').as(tx.insert(domains).values(row).returning({ id: domains.id }))],
    snapshot: entry,
    before: undefined,
    after: {
      domain: entry.domain,
      status: entry.status,
      service_type: entry.service_type,
      area: entry.area,
      business_type: entry.business_type,
      cname: entry.cname,
      group_id: entry.group_id,
      origins: entry.origins,
      ...(copy ? { copied_from: copy.sourceId, copy_id: copy.copyId, contents: copy.contents } : {}),
    },
    messageId: copy ? 'domain.copied' : 'domain.created',
  };
}

const create: CommandHandler<'domain.create', DomainState> = {
  lockName,
  load: loadDomainAggregate,
  snapshotOf: domainSnapshot,
  apply: (tx, ctx, payload, current) => addDomain(tx, ctx, payload, current, null),
};

const copyConfig: CommandHandler<'domain.copyConfig', DomainState> = {
  lockName,
  load: loadDomainAggregate,
  snapshotOf: domainSnapshot,
  apply: (tx, ctx, { source_id, copy_id, contents, ...payload }, current) =>
    addDomain(tx, ctx, payload, current, { sourceId: source_id, copyId: copy_id, contents }),
};

/** An action that only moves the domain to the status `statusAfter` gives it. */
function statusChange(
  action: 'hangUp' | 'recover' | 'delete',
  messageId: string,
): CommandHandler<'domain.hangUp' | 'domain.recover' | 'domain.delete', DomainState> {
  const status = statusAfter[action];
  if (!status) throw new Error(`no status after ${action}`);
  return {
    lockName,
    load: loadDomainAggregate,
    snapshotOf: domainSnapshot,
    async apply(tx, ctx, _payload, current) {
      return change(tx, ctx, domainFor(action, current), { status }, messageId);
    },
  };
}

const rename: CommandHandler<'domain.rename', DomainState> = {
  lockName,
  load: loadDomainAggregate,
  snapshotOf: domainSnapshot,
  async apply(tx, ctx, payload, current) {
    const state = domainFor('rename', current);
    if (payload.domain === state.row.name) throw rejected('domain.rename.same', 'domain');
    await claimName(tx, ctx, payload.domain, state.row.id);
    const fields = { name: payload.domain, cname: cnameFor(payload.domain, ctx.settings.cnameSuffix) };
    return change(tx, ctx, state, fields, 'domain.renamed');
  },
};

const move: CommandHandler<'domain.move', DomainState> = {
  lockName,
  load: loadDomainAggregate,
  snapshotOf: domainSnapshot,
  async apply(tx, ctx, payload, current) {
    const state = domainFor('move', current);
    if (payload.group_id !== null) {
      const { groupExists } = await askRules(tx, ctx.accountId, { groupId: payload.group_id });
      if (!groupExists) throw rejected('domain.group.notFound', 'group_id');
    }
    return change(tx, ctx, state, { groupId: payload.group_id }, 'domain.moved');
  },
};

// ---- groups --------------------------------------------------------------------------------

async function loadGroupAggregate(tx: Tx, ctx: LoadContext): Promise<Current<GroupRow> | null> {
  const row = await loadGroup(tx, ctx.accountId, ctx.aggregateId);
  return row ? { version: row.version, state: row } : null;
}

/** A group that exists and is not deleted. */
function liveGroup(current: Current<GroupRow> | null): GroupRow {
  if (!current || current.state.deleted) throw rejected('domain.group.notFound', 'id');
  return current.state;
}

function changeGroup(
  tx: Tx,
  ctx: ApplyContext,
  row: GroupRow,
  fields: Partial<Pick<GroupRow, 'name' | 'deleted'>>,
  messageId: string,
): Applied<DomainGroup> {
  const set = { ...fields, updatedBy: ctx.actorId, updatedAt: ctx.now, version: ctx.version };
  const written = tx.$with('domain_group').as(
    tx
      .update(domainGroups)
      .set(set)
      .where(and(eq(domainGroups.accountId, ctx.accountId), eq(domainGroups.id, ctx.aggregateId)))
      .returning({ id: domainGroups.id }),
  );
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) before[key] = row[key];
  return { writes: [written], snapshot: groupOf({ ...row, ...set }), before, after: fields, messageId };
}

const createGroup: CommandHandler<'domainGroup.create', GroupRow> = {
  lockName,
  load: loadGroupAggregate,
  snapshotOf: groupOf,
  async apply(tx, ctx, payload, current) {
    if (current) throw rejected('domain.group.exists', 'id');
    const rules = await askGroupRules(tx, ctx.accountId, { name: payload.name, exceptId: ctx.aggregateId });
    if (rules.nameTaken) throw rejected('domain.group.exists', 'name');
    if (rules.groups >= limits.domain.groupsMax)
      throw refuse(Code.limitReached, 'domain.group.limit', 'name', { max: limits.domain.groupsMax });
    const row: GroupRow = {
      accountId: ctx.accountId,
      id: ctx.aggregateId,
      name: payload.name,
      deleted: false,
      createdBy: ctx.actorId,
      createdAt: ctx.now,
      updatedBy: ctx.actorId,
      updatedAt: ctx.now,
      version: ctx.version,
    };
    return {
      writes: [
        tx.$with('domain_group').as(tx.insert(domainGroups).values(row).returning({ id: domainGroups.id })),
      ],
      snapshot: groupOf(row),
      before: undefined,
      after: { name: row.name },
      messageId: 'domain.group.created',
    };
  },
};

const renameGroup: CommandHandler<'domainGroup.rename', GroupRow> = {
  lockName,
  load: loadGroupAggregate,
  snapshotOf: groupOf,
  async apply(tx, ctx, payload, current) {
    const row = liveGroup(current);
    const rules = await askGroupRules(tx, ctx.accountId, { name: payload.name, exceptId: row.id });
    if (rules.nameTaken) throw rejected('domain.group.exists', 'name');
    return changeGroup(tx, ctx, row, { name: payload.name }, 'domain.group.renamed');
  },
};

const deleteGroup: CommandHandler<'domainGroup.delete', GroupRow> = {
  lockName,
  load: loadGroupAggregate,
  snapshotOf: groupOf,
  async apply(tx, ctx, _payload, current) {
    const row = liveGroup(current);
    const rules = await askGroupRules(tx, ctx.accountId, { exceptId: row.id, domainsOf: row.id });
    if (rules.holdsDomains) throw rejected('domain.group.notEmpty', 'id');
    return changeGroup(tx, ctx, row, { deleted: true }, 'domain.group.deleted');
  },
};

export const domainHandlers = {
  'domain.create': create,
  'domain.copyConfig': copyConfig,
  'domain.hangUp': statusChange('hangUp', 'domain.hungUp'),
  'domain.recover': statusChange('recover', 'domain.recovered'),
  'domain.delete': statusChange('delete', 'domain.deleted'),
  'domain.rename': rename,
  'domain.move': move,
  'domainGroup.create': createGroup,
  'domainGroup.rename': renameGroup,
  'domainGroup.delete': deleteGroup,
};
