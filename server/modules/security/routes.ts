import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../authz/principal';
import { auditContext, type AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import {
  changePassword,
  confirmPassword,
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  twoFactorKeys,
  twoFactorStatus,
  type SecurityActor,
} from './service';

/**
 * The signed-in account's own security (spec §4, §5): password change and two-factor sign-in.
 * Each call acts on the signed-in account itself (a channel account acting for a customer changes
 * its own), never with an API token (their declarations say `callers: 'console'`).
 */
export function securityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const keys = twoFactorKeys(ctx.config.dataDir);
  const actorOf = (request: FastifyRequest, auth: AuthContext): SecurityActor => ({
    account: auth.account,
    ...auditContext(request),
  });

  contractRoute(app, ctx, 'passwordChange', async (request, input, auth) => {
    await changePassword(
      db,
      actorOf(request, auth),
      { tokenHash: auth.tokenHash, sessionState: auth.sessionState },
      input,
    );
    ctx.authCache.clear();
    return ok(request, { ok: true as const }, 'user.password.changed');
  });
  contractRoute(app, ctx, 'passwordConfirm', async (request, input, auth) => {
    const now = new Date();
    await confirmPassword(db, actorOf(request, auth), auth.tokenHash, input.password, now);
    // The calls' checks keep the sign-in for a moment: the next call must see it confirmed.
    ctx.authCache.clear();
    const until = new Date(now.getTime() + ctx.config.reauthMs).toISOString();
    return ok(request, { confirmed_until: until }, 'auth.passwordConfirmed');
  });
  contractRoute(app, ctx, 'twoFactorStatus', async (request, _input, auth) =>
    ok(request, await twoFactorStatus(db, auth.account.id)),
  );
  contractRoute(app, ctx, 'twoFactorSetup', async (request, _input, auth) =>
    ok(request, await setupTwoFactor(db, keys, actorOf(request, auth)), 'user.twoFactor.setup'),
  );
  contractRoute(app, ctx, 'twoFactorEnable', async (request, input, auth) => {
    const codes = await enableTwoFactor(db, keys, actorOf(request, auth), input.code);
    ctx.authCache.clear();
    return ok(request, { recovery_codes: codes }, 'user.twoFactor.enabled');
  });
  contractRoute(app, ctx, 'twoFactorDisable', async (request, input, auth) => {
    await disableTwoFactor(db, keys, actorOf(request, auth), input);
    ctx.authCache.clear();
    return ok(request, { ok: true as const }, 'user.twoFactor.disabled');
  });
}
