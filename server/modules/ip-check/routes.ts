import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { checkIps } from './service';

export function ipCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'ipCheck', async (request, input, auth) =>
    ok(request, { lists: await checkIps(ctx.db, auth.account.id, input.ips, new Date()) }),
  );
}
