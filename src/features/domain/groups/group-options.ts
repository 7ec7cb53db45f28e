import type { DomainGroup } from '../../../contract/domain';

/** The options of a group select: the choice of no group first, then the groups by their names. */
export function groupOptions(
  groups: readonly DomainGroup[],
  none: { value: string; label: string },
): { value: string; label: string }[] {
  return [none, ...groups.map((group) => ({ value: group.id, label: group.name }))];
}
