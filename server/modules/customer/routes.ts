import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { auditContext } from '../../http/context';
import { permissionKeys } from '../../../src/contract';
import { ok, requestLanguage } from '../../http/envelope';
import type { Account } from '../account/service';
import { dictionaryIn } from '../common/routes';
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

/** The cloud-storage link of the active account (spec §2 top bar). */
const cwnOf = (view: Account) => ({ has_cwn: view.cwnLink !== '', cwn_link: view.cwnLink });

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
    ok(request, { lists: menuOf(auth.menuIds) }),
  );
  contractRoute(app, ctx, 'loginInfo', async (request, _input, auth) =>
    ok(request, await loginInfo(db, auth)),
  );
  // What the console loads once signed in, in one round trip: the answers of loginInfo, the menu
  // (auth/lists), the dictionary (enum/lists), the two permission flags (checkAuth) and cwn.
  contractRoute(app, ctx, 'consoleBoot', async (request, _input, auth) =>
    ok(request, {
      login_info: await loginInfo(db, auth),
      menu: menuOf(auth.menuIds),
      dict: dictionaryIn(requestLanguage(request)),
      flags: checkAuth(auth.account, [permissionKeys.channel, permissionKeys.topUrlType]),
      cwn: cwnOf(auth.view),
    }),
  );
  // An API token works in the account it was made for: the declaration keeps it out.
  contractRoute(app, ctx, 'switchUser', async (request, input, auth) => {
    const result = await switchUser(db, auth, input.user_id, auditContext(request));
    ctx.authCache.clear();
    return ok(request, result);
  });
  contractRoute(app, ctx, 'customerLists', async (request, input, auth) =>
    ok(request, await customerLists(db, auth.account, input)),
  );
  contractRoute(app, ctx, 'baseInfo', async (request, input, auth) =>
    ok(request, await baseInfo(db, auth, input.user_id)),
  );
  contractRoute(app, ctx, 'update', async (request, input, auth) => {
    const result = await updateContact(db, auth, input, auditContext(request));
    // The calls' checks keep account rows for a moment: they must not show the old ones.
    ctx.authCache.clear();
    return ok(request, result);
  });
  contractRoute(app, ctx, 'cwn', async (request, _input, auth) => ok(request, cwnOf(auth.view)));
}
