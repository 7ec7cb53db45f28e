import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute, updatedSinceOverlapMs } from '../../http/routes';
import { domainDetail, domainNames, listDomains, listGroups } from './service';

/** The next `updated_since` of a list read at `now` (see `updatedSinceOverlapMs`). */
const serverTime = (now: Date) => new Date(now.getTime() - updatedSinceOverlapMs).toISOString();

/** The domain reads; every change is a command (`./commands`). Always the active account's data. */
export function domainRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'domainList', async (request, input, auth) => {
    const now = new Date();
    const page = await listDomains(ctx.db, auth.viewAccountId, input);
    return ok(request, { ...page, server_time: serverTime(now) });
  });

  contractRoute(app, ctx, 'domainNames', async (request, _input, auth) =>
    ok(request, { lists: await domainNames(ctx.db, auth.viewAccountId) }),
  );

  contractRoute(app, ctx, 'domainDetail', async (request, input, auth) =>
    ok(request, await domainDetail(ctx.db, auth.viewAccountId, input.id)),
  );

  contractRoute(app, ctx, 'domainGroupList', async (request, input, auth) => {
    const now = new Date();
    const lists = await listGroups(ctx.db, auth.viewAccountId, input.updated_since);
    return ok(request, { lists, server_time: serverTime(now) });
  });
}
