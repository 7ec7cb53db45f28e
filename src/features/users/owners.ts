import type { ChildSummary } from '../../contract/users';
import type { LoginInfo } from '../../ui/app-state';
import type { GrantOption } from '../../ui/grant-picker';

/**
 * The users whose objects a sub-account may be granted (spec §6 "by user"): the main account and
 * its sub-accounts, but not the sub-account itself (what it creates is always its own).
 */
export function ownerOptions(
  loginInfo: LoginInfo | null,
  children: readonly ChildSummary[],
  labels: { main: string },
  self?: number,
): GrantOption[] {
  const options: GrantOption[] = [];
  if (loginInfo) {
    const main = loginInfo.lists.find((a) => a.id === loginInfo.view_id)?.account ?? loginInfo.login;
    options.push({ id: String(loginInfo.view_id), label: main, detail: labels.main });
  }
  for (const child of children)
    if (child.id !== self)
      options.push({ id: String(child.id), label: child.login, detail: child.real_name || undefined });
  return options;
}
