import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import {
  baseInfo,
  checkAuth,
  customerLists,
  loginInfo,
  menuOf,
  searchConditions,
  switchUser,
  updateContact,
  viewableOptions,
} from './service';

export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  contractRoute(app, ctx, 'checkAuth', async (request, input, auth) =>
    ok(request, checkAuth(auth.account, input.params)),
  );
  contractRoute(app, ctx, 'viewLists', async (request, _input, auth) =>
    ok(request, { lists: await viewableOptions(db, auth.account) }),
  );
  contractRoute(app, ctx, 'searchCondition', async (request) => ok(request, searchConditions));
  contractRoute(app, ctx, 'authLists', async (request, _input, auth) =>
    ok(request, { lists: await menuOf(db, auth.viewAccountId) }),
  );
  contractRoute(app, ctx, 'loginInfo', async (request, _input, auth) =>
    ok(request, await loginInfo(db, auth.account, auth.view)),
  );
  contractRoute(app, ctx, 'switchUser', async (request, input, auth) =>
    ok(request, await switchUser(db, auth, input.user_id, auditContext(request))),
  );
  contractRoute(app, ctx, 'customerLists', async (request, input, auth) =>
    ok(request, await customerLists(db, auth.account, input)),
  );
  contractRoute(app, ctx, 'baseInfo', async (request, input, auth) =>
    ok(request, await baseInfo(db, auth, input.user_id)),
  );
  contractRoute(app, ctx, 'update', async (request, input, auth) =>
    ok(request, await updateContact(db, auth, input, auditContext(request))),
  );
  contractRoute(app, ctx, 'cwn', async (request, _input, auth) =>
    ok(request, { has_cwn: auth.view.cwnLink !== '', cwn_link: auth.view.cwnLink }),
  );
}
