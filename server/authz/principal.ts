import type { FastifyRequest } from 'fastify';
import { Code, viewAccountHeader } from '../../src/contract';
import { bearerOf } from '../http/bearer';
import { resolveToken, setViewAccount, type TokenContext } from '../identity/service';
import {
  canView,
  findAccountById,
  serviceStatusOf,
  effectiveMenuIds,
  type Account,
} from '../modules/account/service';
import type { ServiceStatus } from '../../src/contract';
import type { ApiTokenLimits, ResolvedAuth } from './principal-cache';
import { apiTokenCalls } from '../http/context';
import { addressAllowed, noteTokenUse, resolveApiToken } from '../modules/token/service';
import { apiTokenPrefix } from '../../src/contract/users';
import { allows, dataScopeOf, everything, type DataScope, type IdScope } from '../modules/user/scope';
import type { AppContext } from '../http/context';
import { sha256Hex } from '../http/crypto';
import { AppError, signInUrl } from '../http/envelope';

/**
 * Who makes a call, as the gate (`./gate.ts`) judges it: a console sign-in of a main account or a
 * sub-account, or an API token acting as its user.
 */
export interface Principal {
  /** The signed-in account; for an API token, its user. */
  account: Account;
  /**
   * The active account of this request: the `x-view-account` header of the browser tab, or the
   * token's default view (changed by switchUser) when the header is absent.
   */
  view: Account;
  viewServiceStatus: ServiceStatus;
  /** The menu items the caller may open in the active account (function permission, spec §6). */
  menuIds: ReadonlySet<number>;
  /** The domains, certificates and owners of the active account the caller reaches (data permission). */
  scope: DataScope;
  /** Set when the caller used an API token. */
  api: ApiTokenLimits | null;
  /** When the caller last proved its password (epoch ms): its sign-in, or a confirmation since; 0 for API tokens. */
  authenticatedAt: number;
}

/** The signed-in caller of a /v3 or /api call: who it is, and the token it came with. */
export interface AuthContext extends TokenContext, Principal {}

/** The account a user acts in by default: a sub-account's main account (its own holds no data, spec §6). */
const ownAccountOf = (account: Account) =>
  account.kind === 'sub' && account.parentId !== null ? account.parentId : account.id;

/**
 * The principal of a user acting in an account it may view (by default the one it acts in), with
 * what a console sign-in of it would have: for work done on its behalf without a sign-in (the
 * demo seed applies its commands as the account would; a calendar feed lists what its maker may
 * see). Null when it may not view that account (any more).
 */
export async function principalOf(
  ctx: Pick<AppContext, 'db'>,
  account: Account,
  viewId = ownAccountOf(account),
): Promise<Principal | null> {
  const own = ownAccountOf(account);
  if (viewId !== own && !(await canView(ctx.db, account, viewId))) return null;
  const view = viewId === account.id ? account : await findAccountById(ctx.db, viewId);
  if (!view) return null;
  return {
    account,
    view,
    viewServiceStatus: await serviceStatusOf(ctx.db, view),
    menuIds: await effectiveMenuIds(ctx.db, account, view.id),
    // An account acting for its customer reaches all of the customer's data.
    scope: viewId === own ? await dataScopeOf(ctx.db, account) : everything,
    api: null,
    authenticatedAt: 0,
  };
}

/** The principal of an account in the account it acts in: one it may always view. */
export async function ownPrincipal(ctx: Pick<AppContext, 'db'>, account: Account): Promise<Principal> {
  const principal = await principalOf(ctx, account);
  if (!principal) throw new Error(`account ${account.id} cannot act in its own account`);
  return principal;
}

/** Why a call has no signed-in caller: no token at all, or a token that is unknown, expired or revoked. */
export type SignInProblem = 'missing' | 'invalid';

/** spec §8: code 44 with the sign-in address; the text tells a first sign-in from an expired one. */
export const signInRequired = (problem: SignInProblem) =>
  new AppError(Code.signInRequired, problem === 'missing' ? 'auth.signInRequired' : 'auth.signInExpired', {
    url: signInUrl,
  });
const boundary = () => new AppError(Code.accountBoundary, 'customer.accountBoundary');

/** The `x-view-account` header: absent/empty → undefined; not a positive integer → null. */
function requestedViewId(request: FastifyRequest): number | null | undefined {
  const raw = request.headers[viewAccountHeader];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (value.trim() === '') return undefined;
  if (!/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Resolves the bearer token; spec §8: missing, expired or revoked → code 44 with `data.url`
 * (`refuse` makes another answer, e.g. the validate path's 40101).
 * The view account is checked against `canView` on every resolution, so an account that may no
 * longer be viewed (a channel customer that was unlinked) is refused with 40302. Resolutions are
 * kept briefly per token and requested view (`AuthCache`).
 */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  refuse: (problem: SignInProblem) => AppError = signInRequired,
): Promise<AuthContext> {
  const header = request.headers.authorization;
  const token = bearerOf(header);
  if (!token) throw refuse(header === undefined || header.trim() === '' ? 'missing' : 'invalid');
  const requested = requestedViewId(request);
  if (requested === null) throw boundary();
  const key = `${sha256Hex(token)}:${requested ?? ''}`;
  const resolved = await ctx.authCache.getOrResolve(key, (stamp) =>
    resolve(ctx, token, requested, key, stamp),
  );
  // Callers that share a resolution each answer a bad token in their own way.
  if (resolved === 'invalid') throw refuse('invalid');
  if (resolved.api) {
    // The address is the call's own, checked on every call, not kept with the resolution.
    if (!addressAllowed(resolved.api.allowedIps, request.ip))
      throw new AppError(Code.forbidden, 'token.addressRefused');
    apiTokenCalls.add(request);
    // Only a call let through counts as a use, noted at most once a minute.
    const now = Date.now();
    if (now - resolved.api.lastUsedAt >= 60_000) {
      resolved.api.lastUsedAt = now;
      await noteTokenUse(ctx.db, resolved.api.id, now);
    }
  }
  return {
    ...resolved.token,
    viewAccountId: resolved.view.id,
    account: resolved.account,
    view: resolved.view,
    viewServiceStatus: resolved.viewServiceStatus,
    menuIds: resolved.menuIds,
    scope: resolved.scope,
    api: resolved.api,
    authenticatedAt: resolved.authenticatedAt,
  };
}

async function resolve(
  ctx: AppContext,
  token: string,
  requested: number | undefined,
  key: string,
  stamp: number,
): Promise<ResolvedAuth | 'invalid'> {
  if (token.startsWith(apiTokenPrefix)) return resolveApi(ctx, token, requested, key, stamp);
  const resolved = await resolveToken(ctx.db, token, ctx.config);
  if (!resolved) return 'invalid';
  const account = await findAccountById(ctx.db, resolved.accountId);
  if (!account) return 'invalid';
  const wanted = requested ?? resolved.viewAccountId;
  const principal = await principalOf(ctx, account, wanted === account.id ? undefined : wanted);
  if (!principal) {
    // A default view that may no longer be viewed is reset, so the next call shows the own account.
    if (requested === undefined) {
      await setViewAccount(ctx.db, resolved.tokenHash, account.id);
      ctx.authCache.clear();
    }
    throw boundary();
  }
  const { validUntil, authenticatedAt, ...tokenContext } = resolved;
  const auth: ResolvedAuth = { ...principal, token: tokenContext, authenticatedAt, validUntil };
  ctx.authCache.set(key, auth, stamp);
  return auth;
}

/**
 * An API token: it acts as its user (the main account or a sub-account) in the main account,
 * with that user's menu and data permission, narrowed to the token's domains. A sub-account whose
 * API permission was taken back, or a token past its expiry, no longer signs in.
 */
async function resolveApi(
  ctx: AppContext,
  secret: string,
  requested: number | undefined,
  key: string,
  stamp: number,
): Promise<ResolvedAuth | 'invalid'> {
  const row = await resolveApiToken(ctx.db, secret, Date.now());
  if (!row) return 'invalid';
  const user = await findAccountById(ctx.db, row.userId);
  const main = await findAccountById(ctx.db, row.accountId);
  if (!user || !main || (user.kind === 'sub' && !user.apiEnabled)) return 'invalid';
  if (requested !== undefined && requested !== main.id) throw boundary();
  const scope = await dataScopeOf(ctx.db, user);
  const auth: ResolvedAuth = {
    token: { tokenHash: sha256Hex(secret), accountId: user.id, viewAccountId: main.id, sessionState: '' },
    authenticatedAt: 0,
    account: user,
    view: main,
    viewServiceStatus: await serviceStatusOf(ctx.db, main),
    menuIds: await effectiveMenuIds(ctx.db, user, main.id),
    // A token's domains narrow what it reaches by domain; and since account-wide settings act on
    // every domain, it no longer reaches those either (see `./gate.ts`).
    scope: row.domainIds ? { ...scope, domains: narrowed(scope.domains, row.domainIds) } : scope,
    api: {
      id: row.id,
      access: row.access,
      allowedIps: row.allowedIps,
      lastUsedAt: row.lastUsedAt?.getTime() ?? 0,
    },
    validUntil: row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
  };
  ctx.authCache.set(key, auth, stamp);
  return auth;
}

/** The ids of a scope that are also among `ids`. */
const narrowed = (scope: IdScope, ids: readonly string[]): IdScope => ({
  all: false,
  ids: new Set(ids.filter((id) => allows(scope, id))),
});
