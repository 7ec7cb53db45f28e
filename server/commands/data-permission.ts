import type { Kind } from '../../src/commands/kinds';
import { sectionKinds } from '../../src/contract/domain-config';
import type { Executor } from '../db/client';
import { findAccountById } from '../modules/account/service';
import { dataScopeOf, type IdScope } from '../modules/user/scope';
import type { CommandActor } from './execute';

/**
 * Data permission by domain (spec §6): the kinds of aggregate whose id is a domain's id (the domain
 * and each section of its configuration) are covered by a grant of that domain.
 */
export const domainScoped: ReadonlySet<Kind> = new Set<Kind>(['domain', ...sectionKinds]);

/** The domains an actor may act on in the active account: all of them (future ones included), or those granted. */
export type DomainScope = IdScope;

/**
 * The domain scope of an actor. A main account, and an account acting for its customers, acts on
 * all their domains; a sub-account on those granted to it (`server/modules/user/scope.ts`), so a
 * command on any other domain is refused, and a new domain only with "all".
 */
export async function domainScopeOf(tx: Executor, actor: CommandActor): Promise<DomainScope> {
  const account = await findAccountById(tx, actor.accountId);
  if (!account) return { all: false, ids: new Set() };
  return (await dataScopeOf(tx, account)).domains;
}

/** The certificates an actor may use in the active account (a sub-account's grants by certificate and owner). */
export async function certScopeOf(tx: Executor, actor: CommandActor): Promise<IdScope> {
  const account = await findAccountById(tx, actor.accountId);
  if (!account) return { all: false, ids: new Set() };
  return (await dataScopeOf(tx, account)).certs;
}

/** The certificate a command's payload names (associating one with a domain), if any. */
export const certificateOf = (payload: unknown): string | null => {
  const id = (payload as { certificate_id?: unknown } | null)?.certificate_id;
  return typeof id === 'string' ? id : null;
};

/** Whether the scope covers every domain-scoped aggregate a command changes. */
export const covers = (scope: DomainScope, targets: readonly { kind: Kind; id: string }[]) =>
  scope.all || targets.every((target) => !domainScoped.has(target.kind) || scope.ids.has(target.id));
