import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { billingSummary, listPackages } from './service';

export function trafficPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'trafficPackageList', async (request, _input, auth) =>
    ok(request, await listPackages(ctx.db, auth.viewAccountId, new Date())),
  );
  contractRoute(app, ctx, 'billingSummary', async (request, _input, auth) =>
    ok(request, await billingSummary(ctx.db, auth.viewAccountId, auth.scope.domains, new Date())),
  );
}
