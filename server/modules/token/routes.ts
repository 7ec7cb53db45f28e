import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from '../../../src/contract';
import type { AuthContext } from '../../authz/principal';
import { auditContext, type AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { createToken, deleteToken, listTokens, type TokenActor } from './service';

/** API token management (spec §2 /cdn/token-manage): a main account's, online only. */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const actorOf = (request: FastifyRequest, auth: AuthContext): TokenActor => ({
    main: auth.view,
    actorId: auth.account.id,
    ...auditContext(request),
  });
  contractRoute(app, ctx, 'tokenLists', async (request, _input, auth) => {
    return ok(request, { lists: await listTokens(ctx.db, auth.view.id), max: limits.tokensMax });
  });
  contractRoute(app, ctx, 'tokenCreate', async (request, input, auth) =>
    ok(request, await createToken(ctx.db, actorOf(request, auth), input, new Date()), 'token.created'),
  );
  contractRoute(app, ctx, 'tokenDelete', async (request, input, auth) => {
    await deleteToken(ctx.db, actorOf(request, auth), input.id, input.confirm);
    // Calls with it are refused from the next one on, in this process at once.
    ctx.authCache.clear();
    return ok(request, { id: input.id }, 'token.deleted');
  });
}
