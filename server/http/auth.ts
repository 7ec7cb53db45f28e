import type { FastifyRequest } from 'fastify';
import { Code, viewAccountHeader } from '../../src/contract';
import { bearerOf, resolveToken, setViewAccount, type TokenContext } from '../identity/service';
import {
  canView,
  findAccountById,
  serviceStatusOf,
  effectiveMenuIds,
  opensPath,
  type Account,
} from '../modules/account/service';
import type { ServiceStatus } from '../../src/contract';
import type { ApiTokenLimits, ResolvedAuth } from './auth-cache';
import { apiTokenCalls } from './context';
import { addressAllowed, noteTokenUse, resolveApiToken } from '../modules/token/service';
import { apiTokenPrefix } from '../../src/contract/users';
import { allows, dataScopeOf, everything, type DataScope, type IdScope } from '../modules/user/scope';
import type { AppContext } from './context';
import { sha256Hex } from './crypto';
import { AppError, signInUrl } from './envelope';

/** The signed-in caller of a /v3 or /api call. */
export interface AuthContext extends TokenContext {
  /** The signed-in account. */
  account: Account;
  /**
   * The active account of this request: the `x-view-account` header of the browser tab, or the
   * token's default view (changed by switchUser) when the header is absent.
   */
  view: Account;
  viewServiceStatus: ServiceStatus;
  /** The menu items the caller may open in the active account (function permission, spec §6). */
  menuIds: ReadonlySet<number>;
  /** The domains and certificates of the active account the caller may see and act on (data permission). */
  scope: DataScope;
  /** Set when the caller used an API token. */
  api: ApiTokenLimits | null;
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
  // A sub-account acts in its main account (spec §6): its own account holds no data.
  const own = account.kind === 'sub' && account.parentId !== null ? account.parentId : account.id;
  const wanted = requested ?? resolved.viewAccountId;
  const viewId = wanted === account.id ? own : wanted;
  if (viewId !== own && !(await canView(ctx.db, account, viewId))) {
    // A default view that may no longer be viewed is reset, so the next call shows the own account.
    if (requested === undefined) {
      await setViewAccount(ctx.db, resolved.tokenHash, account.id);
      ctx.authCache.clear();
    }
    throw boundary();
  }
  const view = viewId === account.id ? account : await findAccountById(ctx.db, viewId);
  const scope = viewId === own ? await dataScopeOf(ctx.db, account) : everything;
  if (!view) throw boundary();
  const { validUntil, ...tokenContext } = resolved;
  const auth: ResolvedAuth = {
    token: tokenContext,
    account,
    view,
    viewServiceStatus: await serviceStatusOf(ctx.db, view),
    menuIds: await effectiveMenuIds(ctx.db, account, view.id),
    scope,
    api: null,
    validUntil,
  };
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
    account: user,
    view: main,
    viewServiceStatus: await serviceStatusOf(ctx.db, main),
    menuIds: await effectiveMenuIds(ctx.db, user, main.id),
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

/**
 * What an API token may call beyond its user's permission: never the management of users,
 * tokens and account security; with read-only access, no call that changes anything.
 */
export function requireTokenAllows(auth: AuthContext, tag: string, writes: boolean): void {
  if (!auth.api) return;
  if (tag === 'user' || tag === 'token' || tag === 'security')
    throw new AppError(Code.forbidden, 'token.notForThisCall');
  if (writes && auth.api.access === 'read') throw new AppError(Code.forbidden, 'token.readOnly');
}

/** The active account's service must be open (access `open`). */
export function requireOpenService(auth: AuthContext): void {
  if (auth.viewServiceStatus !== 'open') throw new AppError(Code.serviceClosed, 'common.serviceClosed');
}

/** Function permission: the caller's menu must grant the path (spec §6). */
export function requireMenuPath(auth: AuthContext, path: string | readonly string[]): void {
  if (!opensPath(auth.menuIds, path)) throw new AppError(Code.forbidden, 'common.forbidden');
}
