import { noGrants, type AuthItem, type DataGrants } from '../../contract/users';
import { menuIdsOf, tickedOf, tickedOfAuthItems, type MenuGroup } from './menu-tree';

/**
 * What a sub-account may do (spec §6), as the permission editor holds it: the ticked menu items
 * (function permission), the domains, certificates and owners it may act on (data permission,
 * each "all, including future items" or a list) and whether it may use API tokens.
 */
export interface PermissionDraft {
  ticked: ReadonlySet<number>;
  data: DataGrants;
  api_enabled: boolean;
}

export type GrantKind = keyof DataGrants;
export const grantKinds: readonly GrantKind[] = ['domains', 'certs', 'users'];

/** A new sub-account's: nothing ticked, no data, no API tokens. */
export const emptyPermissions = (): PermissionDraft => ({
  ticked: new Set(),
  data: noGrants(),
  api_enabled: false,
});

/** The editor's draft of a childAuthLists answer, on the tree of what may be given. */
export function permissionsOf(
  tree: readonly MenuGroup[],
  answer: { auths: readonly AuthItem[]; data: DataGrants; api_enabled: boolean },
): PermissionDraft {
  return {
    ticked: tickedOfAuthItems(tree, answer.auths),
    data: answer.data,
    api_enabled: answer.api_enabled,
  };
}

/** The permission part of childAdd and childAuthUpdate. */
export function permissionBody(tree: readonly MenuGroup[], draft: PermissionDraft) {
  const list = <T>(grant: { all: boolean; ids: T[] }) => ({
    all: grant.all,
    // "All" stands for every item, now and later: a list beside it would say nothing.
    ids: grant.all ? [] : [...new Set(grant.ids)],
  });
  return {
    menu_ids: menuIdsOf(tree, tickedOf(tree, draft.ticked)),
    data: {
      domains: list(draft.data.domains),
      certs: list(draft.data.certs),
      users: list(draft.data.users),
    },
    api_enabled: draft.api_enabled,
  };
}

/** Whether two drafts send the same permissions (the editor's "unsaved changes"). */
export function samePermissions(tree: readonly MenuGroup[], a: PermissionDraft, b: PermissionDraft): boolean {
  const canonical = (draft: PermissionDraft) => {
    const body = permissionBody(tree, draft);
    const sorted = <T extends string | number>(ids: T[]) => [...ids].sort();
    return JSON.stringify({
      ...body,
      data: {
        domains: { ...body.data.domains, ids: sorted(body.data.domains.ids) },
        certs: { ...body.data.certs, ids: sorted(body.data.certs.ids) },
        users: { ...body.data.users, ids: sorted(body.data.users.ids) },
      },
    });
  };
  return canonical(a) === canonical(b);
}

/** Sets a kind of data permission to every item, including later ones, or to the items listed. */
export function setGrantAll(data: DataGrants, kind: GrantKind, all: boolean): DataGrants {
  return { ...data, [kind]: { ...data[kind], all } };
}

/** The listed items of a kind of data permission, as the pickers name them (text ids). */
export const grantIdsOf = (data: DataGrants, kind: GrantKind): string[] =>
  (data[kind].ids as (string | number)[]).map(String);

/** Sets the listed items of a kind of data permission from the pickers' text ids. */
export function setGrantIds(data: DataGrants, kind: GrantKind, ids: readonly string[]): DataGrants {
  if (kind === 'users') {
    const users = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
    return { ...data, users: { ...data.users, ids: users } };
  }
  return { ...data, [kind]: { ...data[kind], ids: [...ids] } };
}
