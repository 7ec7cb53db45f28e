import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '../../src/contract';
import type { AppContext } from '../http/context';
import { safeEqual } from '../http/crypto';
import { AppError, ok } from '../http/envelope';
import { approveApplication, pendingApplications } from '../modules/product/service';

const approveBody = z.object({ login: z.string().trim().min(1).max(200) });

/**
 * Operator calls for `npm run admin` while the server runs (the embedded database allows one
 * process only). They need the `x-operator-key` header equal to `<DATA_DIR>/operator.key`.
 */
export function operatorRoutes(app: FastifyInstance, ctx: AppContext, operatorKey: string | undefined): void {
  const requireKey = async (request: FastifyRequest) => {
    const given = request.headers['x-operator-key'];
    if (!operatorKey || typeof given !== 'string' || !safeEqual(given, operatorKey)) {
      throw new AppError(Code.forbidden, 'operator.keyInvalid');
    }
  };

  app.post(
    '/operator/approve',
    { schema: { hide: true, body: approveBody }, preValidation: requireKey },
    async (request) => {
      const { login } = request.body as z.output<typeof approveBody>;
      const account = await approveApplication(ctx.db, login, { origin: 'operator', ip: request.ip });
      return ok(
        request,
        { login: account.login, service_status: account.serviceStatus },
        'operator.approved',
      );
    },
  );

  app.get('/operator/pending', { schema: { hide: true }, preValidation: requireKey }, async (request) => {
    const rows = await pendingApplications(ctx.db);
    return ok(request, {
      lists: rows.map((r) => ({ login: r.login, product: r.product, created_at: r.createdAt.toISOString() })),
    });
  });
}
