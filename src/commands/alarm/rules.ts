import { Code } from '../../contract/codes';
import { Refusal, type ApplyContext } from '../command';

export const menuPath = '/cdn/alarm-manage';
export const tag = 'alarm';

/** What the server reads for a save: the name in use by another of the kind, the count, ids that do not exist. */
export interface SaveFacts {
  nameTaken?: boolean;
  /** Live settings of the kind in the account, this one excluded. */
  count: number;
  max: number;
  /** Ids named by the payload that are not live settings (domains, templates, contacts, groups). */
  missing: { path: string; id: string }[];
}

/** What the server reads for a deletion: the name of a setting that uses this one. */
export interface DeleteFacts {
  usedBy: string | null;
}

interface Live {
  deleted: boolean;
}

/** The setting, which must exist and not be deleted. */
export function existing<T extends Live>(state: T | undefined, messageId: string): T {
  if (!state || state.deleted) throw new Refusal(messageId, 'id', Code.notFound);
  return state;
}

/** The refusals of a save, by kind of setting: contacts may share a name. */
const saveRefusals = {
  policy: { nameTaken: 'alarm.policy.nameTaken', limit: 'alarm.policy.limit' },
  template: { nameTaken: 'alarm.template.nameTaken', limit: 'alarm.template.limit' },
  contact: { nameTaken: null, limit: 'alarm.contact.limit' },
  group: { nameTaken: 'alarm.group.nameTaken', limit: 'alarm.group.limit' },
} as const;

/** The refusal of a deletion, by kind of setting that others use (policies use the rest). */
const inUseRefusals = {
  template: 'alarm.template.inUse',
  contact: 'alarm.contact.inUse',
  group: 'alarm.group.inUse',
} as const;

export function checkSave(
  kind: keyof typeof saveRefusals,
  facts: SaveFacts | undefined,
  creating: boolean,
): void {
  if (!facts) return;
  const refusal = saveRefusals[kind];
  if (facts.nameTaken && refusal.nameTaken) throw new Refusal(refusal.nameTaken, 'name');
  if (creating && facts.count >= facts.max)
    throw new Refusal(refusal.limit, 'id', Code.limitReached, { max: facts.max });
  const [first] = facts.missing;
  if (first) throw new Refusal('alarm.ref.missing', first.path);
}

/** A kind of setting that others use. */
export type InUseKind = keyof typeof inUseRefusals;

export function checkDelete(kind: InUseKind, facts: DeleteFacts | undefined): void {
  if (facts?.usedBy)
    throw new Refusal(inUseRefusals[kind], 'id', Code.commandRejected, { name: facts.usedBy });
}

/** The authorship fields of a setting saved now: kept from its creation, renewed on each save. */
export function stamped<T extends { created_by: string; created_at: string }>(
  before: T | undefined,
  ctx: ApplyContext<unknown>,
) {
  return {
    deleted: false,
    created_by: before?.created_by ?? ctx.actor,
    created_at: before?.created_at ?? ctx.now,
    updated_by: ctx.actor,
    updated_at: ctx.now,
    version: 0,
  };
}

/** A setting as a save leaves it: new, or the live one its id names changed; `fields`, the payload's. */
export function saved<F extends object>(
  kind: keyof typeof saveRefusals,
  before: (Live & { created_by: string; created_at: string }) | undefined,
  fields: F,
  ctx: ApplyContext<SaveFacts>,
) {
  const live = before && !before.deleted ? before : undefined;
  checkSave(kind, ctx.facts, live === undefined);
  return { ...fields, ...stamped(live, ctx) };
}

/** A setting as a deletion leaves it; one that others use (`inUse`) must not be in use. */
export function deleted<T extends Live>(
  state: T | undefined,
  notFound: string,
  ctx: Pick<ApplyContext<DeleteFacts>, 'actor' | 'now' | 'facts'>,
  inUse?: InUseKind,
): T {
  const setting = existing(state, notFound);
  if (inUse) checkDelete(inUse, ctx.facts);
  return { ...setting, deleted: true, updated_by: ctx.actor, updated_at: ctx.now };
}
