import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { countByServiceType, countByStatus, domainsOf, summaryOf } from './service';

export function overviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'cdnType', async (request, _input, auth) =>
    ok(request, { lists: countByServiceType(await domainsOf(ctx.db, auth.viewAccountId)) }),
  );
  contractRoute(app, ctx, 'overviewDomains', async (request, _input, auth) => {
    const list = await domainsOf(ctx.db, auth.viewAccountId);
    return ok(request, { lists: list.map(summaryOf), total: list.length, by_status: countByStatus(list) });
  });
}
