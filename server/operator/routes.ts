import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../src/contract';
import {
  envelopeOf,
  operatorApproveBody,
  operatorApproveResult,
  operatorPendingResult,
} from '../../src/contract/schemas';
import type { AppContext } from '../http/context';
import { safeEqual } from '../http/crypto';
import { AppError, ok } from '../http/envelope';
import { failureEnvelope } from '../http/routes';
import { approveApplication, pendingApplications } from '../modules/product/service';

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
  const documented = (operationId: string, summary: string) => ({
    summary,
    tags: ['operator'],
    operationId,
    security: [{ operatorKey: [] }],
  });

  app.post(
    '/operator/approve',
    {
      schema: {
        ...documented(
          'operatorApprove',
          'Approve the pending application of a login: the service opens and the default menu is granted. 40301 without the operator key; 40401 unknown login or nothing pending.',
        ),
        body: operatorApproveBody,
        response: { 200: envelopeOf(operatorApproveResult).or(failureEnvelope) },
      },
      preValidation: requireKey,
    },
    async (request) => {
      const { login } = request.body as z.output<typeof operatorApproveBody>;
      const account = await approveApplication(ctx.db, login, { origin: 'operator', ip: request.ip });
      return ok(
        request,
        { login: account.login, service_status: account.serviceStatus },
        'operator.approved',
      );
    },
  );

  app.get(
    '/operator/pending',
    {
      schema: {
        ...documented(
          'operatorPending',
          'Applications to open the service that await review, oldest first. 40301 without the operator key.',
        ),
        response: { 200: envelopeOf(operatorPendingResult).or(failureEnvelope) },
      },
      preValidation: requireKey,
    },
    async (request) => {
      const rows = await pendingApplications(ctx.db);
      return ok(request, {
        lists: rows.map((r) => ({
          login: r.login,
          product: r.product,
          created_at: r.createdAt.toISOString(),
        })),
      });
    },
  );
}
