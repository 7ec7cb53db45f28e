import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { liveNodes } from '../edge/service';
import { contractRoute, updatedSinceOverlapMs } from '../../http/routes';
import { listTasks, quotaOf } from './service';

export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'contentList', async (request, input, auth) => {
    const now = new Date();
    const viewer = { accountId: auth.account.id, allDomains: auth.scope.domains.all };
    const page = await listTasks(ctx.db, auth.viewAccountId, input, viewer, now);
    return ok(request, {
      ...page,
      server_time: new Date(now.getTime() - updatedSinceOverlapMs).toISOString(),
    });
  });

  contractRoute(app, ctx, 'contentQuota', async (request, _input, auth) => {
    const now = new Date();
    const quota = await quotaOf(ctx.db, auth.viewAccountId, now);
    return ok(request, { ...quota, edge_nodes: (await liveNodes(ctx.db, now)).length });
  });
}
