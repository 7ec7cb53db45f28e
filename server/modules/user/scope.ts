import type { Executor } from '../../db/client';
import type { Account } from '../account/service';
import { certIdsCreatedBy } from '../cert/service';
import { domainIdsCreatedBy } from '../domain/service';
import { grantsOf } from './service';

/**
 * Data permission (spec §6) as every read and command applies it: the domains and certificates of
 * the active account an actor may see and act on, and the users whose objects it reaches (by
 * owner). A main account, and a channel account acting for a customer, reach all of them; a
 * sub-account reaches what it was granted by domain, by certificate and by owner, and what it
 * created itself.
 */
export type IdScope = { all: true } | { all: false; ids: ReadonlySet<string> };
export interface DataScope {
  domains: IdScope;
  certs: IdScope;
  /** Account ids (as text) whose objects it reaches: itself and the users granted to it. */
  owners: IdScope;
}

const all: IdScope = { all: true };
export const everything: DataScope = { domains: all, certs: all, owners: all };

export const allows = (scope: IdScope, id: string) => scope.all || scope.ids.has(id);

/** The ids a scope allows among these, in their order. */
export const allowed = <T extends string>(scope: IdScope, ids: readonly T[]) =>
  scope.all ? [...ids] : ids.filter((id) => scope.ids.has(id));

export async function dataScopeOf(db: Executor, account: Account): Promise<DataScope> {
  if (account.kind !== 'sub' || account.parentId === null) return everything;
  const grants = await grantsOf(db, account.id);
  if (grants.users.all) return everything;
  const owners = [account.id, ...grants.users.ids];
  const domains: IdScope = grants.domains.all
    ? all
    : {
        all: false,
        ids: new Set([...grants.domains.ids, ...(await domainIdsCreatedBy(db, account.parentId, owners))]),
      };
  const certs: IdScope = grants.certs.all
    ? all
    : {
        all: false,
        ids: new Set([...grants.certs.ids, ...(await certIdsCreatedBy(db, account.parentId, owners))]),
      };
  return { domains, certs, owners: { all: false, ids: new Set(owners.map(String)) } };
}
