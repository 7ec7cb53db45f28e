import type { Kind } from '../../src/commands/kinds';
import { sectionKinds } from '../../src/contract/domain-config';
import type { Executor } from '../db/client';
import type { Account } from '../modules/account/service';
import { dataScopeOf, type DataScope, type IdScope } from '../modules/user/scope';

/**
 * Data permission by domain (spec §6): the kinds of aggregate whose id is a domain's id (the domain
 * and each section of its configuration) are covered by a grant of that domain.
 */
export const domainScoped: ReadonlySet<Kind> = new Set<Kind>(['domain', ...sectionKinds]);

/** The domains an actor may act on in the active account: all of them (future ones included), or those granted. */
export type DomainScope = IdScope;

/**
 * The data scope of an actor (`server/modules/user/scope.ts`): a main account, and an account
 * acting for its customers, reaches every domain and certificate; a sub-account those granted to
 * it, so a command on any other domain is refused, and a new domain only with "all".
 */
export async function actorDataScope(tx: Executor, account: Account | null): Promise<DataScope> {
  if (!account) return { domains: { all: false, ids: new Set() }, certs: { all: false, ids: new Set() } };
  return dataScopeOf(tx, account);
}

/** The certificate a command's payload names (associating one with a domain), if any. */
export const certificateOf = (payload: unknown): string | null => {
  const id = (payload as { certificate_id?: unknown } | null)?.certificate_id;
  return typeof id === 'string' ? id : null;
};

/** Whether the scope covers every domain-scoped aggregate a command changes. */
export const covers = (scope: DomainScope, targets: readonly { kind: Kind; id: string }[]) =>
  scope.all || targets.every((target) => !domainScoped.has(target.kind) || scope.ids.has(target.id));
