import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { resourceQuota } from './service';

export function resourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'resourceQuota', async (request, _input, auth) =>
    ok(request, await resourceQuota(ctx.db, auth.viewAccountId, new Date())),
  );
}
