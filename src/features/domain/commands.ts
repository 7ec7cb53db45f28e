import { commandFor } from '../../commands/queue';
import type { CommandName, PayloadOf } from '../../commands/registry';
import type { SectionContent, SectionKind } from '../../contract/domain-config';

/** A command as the outbox takes it (its module gives the aggregates and the schema version). */
export const domainCommand = commandFor;

export type CreatePayload = PayloadOf<'domain.create'>;
export type CopyPayload = PayloadOf<'domain.copyConfig'>;

/** The lifecycle actions that take only the domain's id. */
export const simpleActions = {
  hangUp: 'domain.hangUp',
  recover: 'domain.recover',
  delete: 'domain.delete',
} as const satisfies Record<string, CommandName>;
export type SimpleAction = keyof typeof simpleActions;

/** A domain as an edit names it: its id, and its name as the user saw it (for the pending list). */
export interface DomainRef {
  id: string;
  domain: string;
}

export const actionCommand = (action: SimpleAction, target: DomainRef) =>
  domainCommand(simpleActions[action], { id: target.id, shown_as: target.domain });
export const renameCommand = (target: DomainRef, domain: string) =>
  domainCommand('domain.rename', { id: target.id, domain, shown_as: target.domain });
export const moveCommand = (target: DomainRef, groupId: string | null) =>
  domainCommand('domain.move', { id: target.id, group_id: groupId, shown_as: target.domain });

/**
 * The set command of a section, with that section's content (`sectionPayload` in
 * src/contract/domain-config.ts). TypeScript cannot follow a section kind to its command's payload,
 * so the pairing is asserted here, once.
 */
export const sectionSetCommand = <K extends SectionKind>(
  kind: K,
  payload: { id: string; content: SectionContent<K>; shown_as: string; reverted_from?: number },
) => commandFor(`${kind}.set`, payload as PayloadOf<`${K}.set`>);

/** A new id for a domain or group: chosen here, so it exists before the server has seen it. */
export const newId = () => crypto.randomUUID();
