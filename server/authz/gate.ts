import { Code } from '../../src/contract';
import type { Objects, Permission } from '../../src/contract/permissions';
import { AppError } from '../http/envelope';
import { opensPath } from '../modules/account/service';
import { allows } from '../modules/user/scope';
import type { Principal } from './principal';

/**
 * The one place where a call is authorised (spec §6). Every way into the server — the JSON
 * endpoints, the single-command endpoints, each command of a push, exports, downloads and feeds —
 * asks these functions, with the declaration of the operation (`src/contract/permissions.ts`):
 *
 * 1. `authorize`: who the caller is against what the operation needs, before its input is read:
 *    the active account's service, the kind of caller, read-only tokens, the menu, a recent sign-in;
 * 2. `requireReach`: the objects it acts on, once they are known (from the input, or for a command
 *    from the aggregates before and after it), against the caller's data scope.
 *
 * Lists read no named object: they show what `reaches` lets the caller see.
 */

/** An object a call acts on, as the caller's data scope judges it. */
export type ObjectRef =
  | { kind: 'domain'; id: string }
  | { kind: 'cert'; id: string }
  /** An object made by this user (data permission by owner). */
  | { kind: 'owner'; id: number }
  /** The account-wide settings: they act on every domain. */
  | { kind: 'settings' }
  /** An account to act in or to read, and whether the caller may view it (looked up). */
  | { kind: 'account'; id: number; viewable: boolean };

const forbidden = (messageId = 'common.forbidden') => new AppError(Code.forbidden, messageId);

/** How long a sign-in or a confirmation of the password counts as recent, unless the server says otherwise. */
const recentMs = 5 * 60_000;

/** The checks of an operation that need no input: the caller against the declaration. */
export function authorize(
  principal: Principal,
  permission: Permission<never>,
  options: { now?: number; reauthMs?: number } = {},
): void {
  const { now = Date.now(), reauthMs = recentMs } = options;
  if (permission.access === 'open' && principal.viewServiceStatus !== 'open')
    throw new AppError(Code.serviceClosed, 'common.serviceClosed');
  const callers = permission.callers ?? 'any';
  // An API token never manages users, tokens or the account's security, nor switches accounts.
  if (callers !== 'any' && principal.api) throw forbidden('token.notForThisCall');
  if (callers === 'main' && (principal.account.kind !== 'main' || principal.view.kind !== 'main'))
    throw forbidden(permission.callersRefused);
  if (permission.effect === 'write' && principal.api?.access === 'read') throw forbidden('token.readOnly');
  if (permission.menu !== undefined && !opensPath(principal.menuIds, permission.menu)) throw forbidden();
  if (permission.reauth === 'recent' && now - principal.authenticatedAt > reauthMs)
    throw new AppError(Code.reauthRequired, 'auth.reauthRequired');
}

/** Whether the caller's data scope reaches an object. */
export function reaches(principal: Pick<Principal, 'scope'>, ref: ObjectRef): boolean {
  const { scope } = principal;
  switch (ref.kind) {
    case 'domain':
      return allows(scope.domains, ref.id);
    case 'cert':
      return allows(scope.certs, ref.id);
    case 'owner':
      return allows(scope.owners, String(ref.id));
    case 'settings':
      // Account-wide settings act on every domain, present and future: only a caller reaching
      // every domain may change or read them where they are secret.
      return scope.domains.all;
    case 'account':
      return ref.viewable;
  }
}

/**
 * Whether the caller reaches every object of a list's item, for the objects known without a
 * lookup (domains, certificates, the account-wide settings): what a list shows.
 */
export function reachesAll(principal: Pick<Principal, 'scope'>, objects: Objects): boolean {
  return (
    (!objects.settings || reaches(principal, { kind: 'settings' })) &&
    (objects.domains ?? []).every((id) => reaches(principal, { kind: 'domain', id })) &&
    (objects.certs ?? []).every((id) => reaches(principal, { kind: 'cert', id }))
  );
}

/**
 * Refuses when any of the objects is outside the caller's reach: an account it may not view
 * crosses the account boundary (40302); anything else is outside its data scope (40301).
 */
export function requireReach(principal: Pick<Principal, 'scope'>, refs: readonly ObjectRef[]): void {
  const outside = refs.filter((ref) => !reaches(principal, ref));
  if (outside.some((ref) => ref.kind === 'account'))
    throw new AppError(Code.accountBoundary, 'customer.accountBoundary');
  if (outside.length > 0) throw forbidden();
}
