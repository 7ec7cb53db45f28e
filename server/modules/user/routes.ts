import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../authz/principal';
import { auditContext, type AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { limits } from '../../../src/contract';
import {
  addChild,
  authListsOf,
  childOf,
  deleteChild,
  listChildren,
  resetChildPassword,
  summaryOf,
  updateAuth,
  updateChild,
  type UserActor,
} from './service';
import { simulate } from './simulate';

/**
 * Sub-accounts of the signed-in main account (spec §7 childAdd, childDelete, childAuthLists,
 * childAuthUpdate, and what the screens need beside them). They are made online only: a password
 * never waits in a browser's outbox. A change of permissions or a deletion takes effect on the
 * sub-account's next call.
 */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const actorOf = (request: FastifyRequest, auth: AuthContext): UserActor => ({
    main: auth.view,
    actorId: auth.account.id,
    ...auditContext(request),
  });

  contractRoute(app, ctx, 'childLists', async (request, _input, auth) => {
    const lists = (await listChildren(db, auth.view.id)).map(summaryOf);
    return ok(request, { lists, total: lists.length, max: limits.subAccountsMax });
  });
  contractRoute(app, ctx, 'childAdd', async (request, input, auth) => {
    const sub = await addChild(db, actorOf(request, auth), input);
    return ok(request, { user: summaryOf(sub) }, 'user.created');
  });
  contractRoute(app, ctx, 'childDetail', async (request, input, auth) => {
    return ok(request, { user: summaryOf(await childOf(db, auth.view.id, input.user_id)) });
  });
  contractRoute(app, ctx, 'childUpdate', async (request, input, auth) => {
    const sub = await updateChild(db, actorOf(request, auth), input);
    ctx.authCache.clear();
    return ok(request, { user: summaryOf(sub) }, 'user.updated');
  });
  contractRoute(app, ctx, 'childPassword', async (request, input, auth) => {
    await resetChildPassword(db, actorOf(request, auth), input.user_id, input.password);
    ctx.authCache.clear();
    return ok(request, { ok: true as const }, 'user.passwordReset');
  });
  contractRoute(app, ctx, 'childDelete', async (request, input, auth) => {
    await deleteChild(db, actorOf(request, auth), input.user_id);
    ctx.authCache.clear();
    return ok(request, { user_id: input.user_id }, 'user.deleted');
  });
  contractRoute(app, ctx, 'childSimulate', async (request, input, auth) =>
    ok(request, await simulate(db, auth.view, input)),
  );
  contractRoute(app, ctx, 'childAuthLists', async (request, input, auth) =>
    ok(request, await authListsOf(db, auth.view, input.child_user_id)),
  );
  contractRoute(app, ctx, 'childAuthUpdate', async (request, input, auth) => {
    const result = await updateAuth(db, actorOf(request, auth), input);
    ctx.authCache.clear();
    return ok(request, result, 'user.authUpdated');
  });
}
