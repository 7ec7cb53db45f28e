import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract';
import { bearerOf, resolveToken, type TokenContext } from '../identity/service';
import { findAccountById, serviceStatusOf, grantedMenuIds, type Account } from '../modules/account/service';
import { menuDefinitions, type ServiceStatus } from '../../src/contract';
import type { AppContext } from './context';
import { AppError, signInUrl } from './envelope';

/** The signed-in caller of a /v3 or /api call. */
export interface AuthContext extends TokenContext {
  /** The signed-in account. */
  account: Account;
  /** The active account (changed by switchUser). */
  view: Account;
  viewServiceStatus: ServiceStatus;
}

const signInRequired = () => new AppError(Code.signInRequired, 'auth.signInRequired', { url: signInUrl });

/** Resolves the bearer token; spec §8: missing, expired or revoked → code 44 with `data.url`. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthContext> {
  const token = bearerOf(request.headers.authorization);
  if (!token) throw signInRequired();
  const resolved = await resolveToken(ctx.db, token, ctx.config);
  if (!resolved) throw signInRequired();
  const account = await findAccountById(ctx.db, resolved.accountId);
  const view =
    resolved.viewAccountId === resolved.accountId
      ? account
      : await findAccountById(ctx.db, resolved.viewAccountId);
  if (!account || !view) throw signInRequired();
  return { ...resolved, account, view, viewServiceStatus: await serviceStatusOf(ctx.db, view) };
}

/** The active account's service must be open (access `open`). */
export function requireOpenService(auth: AuthContext): void {
  if (auth.viewServiceStatus !== 'open') throw new AppError(Code.serviceClosed, 'common.serviceClosed');
}

/** Function permission: the active account's menu must grant the path (spec §6). */
export async function requireMenuPath(ctx: AppContext, auth: AuthContext, path: string): Promise<void> {
  const granted = await grantedMenuIds(ctx.db, auth.viewAccountId);
  const ok = menuDefinitions.some((m) => m.path === path && m.parent_id !== 0 && granted.has(m.menu_id));
  if (!ok) throw new AppError(Code.forbidden, 'common.forbidden');
}
