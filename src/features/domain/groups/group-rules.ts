import type { DomainGroup } from '../../../contract/domain';
import { limits } from '../../../contract/limits';
import { checkGroupName, type GroupNameProblem } from '../../../contract/rules/domain';

/**
 * What the browser can tell of a group name before the server does: the contract's rules, then
 * a name another live group has (the server compares trimmed and case-insensitively; its refusal
 * carries the same id, `domain.group.exists`).
 */
export type GroupNameIssue = GroupNameProblem | 'domain.group.exists';

export function checkGroupNameAmong(
  name: string,
  groups: readonly Pick<DomainGroup, 'id' | 'name'>[],
  /** Rename: the group being renamed, whose own name is no duplicate. */
  exceptId?: string,
): GroupNameIssue | null {
  const problem = checkGroupName(name);
  if (problem) return problem;
  const key = name.trim().toLowerCase();
  return groups.some((g) => g.id !== exceptId && g.name.trim().toLowerCase() === key)
    ? 'domain.group.exists'
    : null;
}

/** Whether another group may be created (the server refuses beyond `limits.domain.groupsMax`). */
export const canCreateGroup = (groups: readonly unknown[]) => groups.length < limits.domain.groupsMax;

/**
 * Whether a group can be deleted: only when empty, as the server also checks (`domain.group.notEmpty`).
 * `counts` are the live domains per group id (`countByGroup`).
 */
export const canDeleteGroup = (counts: ReadonlyMap<string, number>, groupId: string) =>
  (counts.get(groupId) ?? 0) === 0;
