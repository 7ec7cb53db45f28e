import type { DomainGroup } from '../../contract/domain';
import { Refusal } from '../command';

export { menuPath, tag } from '../domain/rules';

/** A group that exists and is not deleted. */
export function liveGroup(group: DomainGroup | undefined): DomainGroup {
  if (!group || group.deleted) throw new Refusal('domain.group.notFound', 'id');
  return group;
}

/** What the server reads for a group's name: the account's other groups. */
export interface GroupNameFacts {
  /** Another live group of the account has the name. */
  nameTaken: boolean;
  /** The account's live groups. */
  groups: number;
}

export function checkGroupName(facts: Pick<GroupNameFacts, 'nameTaken'> | undefined): void {
  if (facts?.nameTaken) throw new Refusal('domain.group.exists', 'name');
}
