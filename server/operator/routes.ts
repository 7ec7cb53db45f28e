import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code } from '../../src/contract';
import { operations, type OperationName } from '../../src/contract/operations';
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
import { setSpecialConfig } from '../modules/domain/service';
import { approveApplication, pendingApplications } from '../modules/product/service';
import { findAccountByLogin } from '../modules/account/service';
import { createEdgeKey, listEdgeKeys, revokeEdgeKey } from '../modules/traffic/edge-keys';
import { edgeNodeAction, edgeNodeActionResult, runEdgeNodeAction } from '../modules/ip-check/service';
import { packageAction, packageActionResult, runPackageAction } from '../modules/traffic-package/service';
import { ticketAction, ticketActionResult, runTicketAction } from '../modules/ticket/service';
import { listNodes } from '../modules/edge/service';
import { generatedTrafficDomains } from '../modules/traffic/generated-domains';

/**
 * The operator's special-configuration call (spec §6: work orders). Not a console call, so its
 * schemas live here rather than in the contract.
 */
export const operatorSpecialConfigBody = z.object({
  domain: z.string().trim().min(1).max(200),
  special_config: z.boolean(),
});
export const operatorSpecialConfigResult = z.object({
  domain: z.string(),
  special_config: z.boolean(),
  version: z.number().int(),
  /** False when the domain already had this setting (nothing was written). */
  changed: z.boolean(),
});

/**
 * Operator calls for `npm run admin` while the server runs (the embedded database allows one
 * process only). They need the `x-operator-key` header equal to `<DATA_DIR>/operator.key`.
 */
/** The operator's key, which the gate (server/authz) asks of every `operator` route: refused without it. */
export function requireOperatorKey(operatorKey: string | undefined, request: FastifyRequest): void {
  const given = request.headers['x-operator-key'];
  if (!operatorKey || typeof given !== 'string' || !safeEqual(given, operatorKey)) {
    throw new AppError(Code.forbidden, 'operator.keyInvalid');
  }
}

export function operatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const documented = (operationId: OperationName, summary: string) => ({
    summary,
    tags: ['operator'],
    operationId,
    security: [{ operatorKey: [] }],
  });

  app.post(
    '/operator/approve',
    {
      config: { permission: operations.operatorApprove },
      schema: {
        ...documented(
          'operatorApprove',
          'Approve the pending application of a login: the service opens and the default menu is granted. 40301 without the operator key; 40401 unknown login or nothing pending.',
        ),
        body: operatorApproveBody,
        response: { 200: envelopeOf(operatorApproveResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const { login } = request.body as z.output<typeof operatorApproveBody>;
      const account = await approveApplication(ctx.db, login, { origin: 'operator', ip: request.ip });
      ctx.authCache.clear();
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
      config: { permission: operations.operatorPending },
      schema: {
        ...documented(
          'operatorPending',
          'Applications to open the service that await review, oldest first. 40301 without the operator key.',
        ),
        response: { 200: envelopeOf(operatorPendingResult).or(failureEnvelope) },
      },
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

  app.post(
    '/operator/special-config',
    {
      config: { permission: operations.operatorSpecialConfig },
      schema: {
        ...documented(
          'operatorSpecialConfig',
          'Set or clear the special configuration of a domain (spec §6: made through a work order; the user can then no longer rename, delete or copy it). The domain is the one of that name not deleted, in whichever account. Its version rises by one. 40301 without the operator key; 40401 no such domain.',
        ),
        body: operatorSpecialConfigBody,
        response: { 200: envelopeOf(operatorSpecialConfigResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const body = request.body as z.output<typeof operatorSpecialConfigBody>;
      const { entry, changed, accountId } = await setSpecialConfig(ctx.db, body.domain, body.special_config, {
        origin: 'operator',
        ip: request.ip,
        notifyOthers: ctx.notifyOthers,
      });
      if (changed) ctx.changes.publish({ accountId, kind: 'domain', id: entry.id });
      return ok(
        request,
        { domain: entry.domain, special_config: entry.special_config, version: entry.version, changed },
        'operator.specialConfigSet',
      );
    },
  );

  app.post(
    '/operator/edge-key',
    {
      config: { permission: operations.operatorEdgeKey },
      schema: {
        ...documented(
          'operatorEdgeKey',
          'Make (`create`, answered once; a name made again replaces its key), revoke or list the keys edge nodes send access logs with. 40301 without the operator key; 40401 revoking an unknown name.',
        ),
        body: operatorEdgeKeyBody,
        response: { 200: envelopeOf(operatorEdgeKeyResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const body = request.body as z.output<typeof operatorEdgeKeyBody>;
      const now = new Date();
      if (body.action === 'create') {
        const made = await createEdgeKey(ctx.db, body.name ?? '', now);
        return ok(request, { key: made.key, keys: [] });
      }
      if (body.action === 'revoke') {
        if (!(await revokeEdgeKey(ctx.db, body.name ?? '', now)))
          throw new AppError(Code.notFound, 'common.notFound');
        return ok(request, { key: null, keys: [] });
      }
      const keys = (await listEdgeKeys(ctx.db)).map((k) => ({
        name: k.name,
        created_at: k.createdAt.toISOString(),
        last_used_at: k.lastUsedAt?.toISOString() ?? null,
        revoked: k.revokedAt !== null,
      }));
      return ok(request, { key: null, keys });
    },
  );

  app.post(
    '/operator/edge-node',
    {
      config: { permission: operations.operatorEdgeNode },
      schema: {
        ...documented(
          'operatorEdgeNode',
          'Add (or change) an edge node by its IPv4 address, with its name, region and carrier; remove one; or list them. The IP check answers "edge node" for these addresses. 40301 without the operator key; 40401 removing an unknown address.',
        ),
        body: edgeNodeAction,
        response: { 200: envelopeOf(edgeNodeActionResult).or(failureEnvelope) },
      },
    },
    async (request) =>
      ok(
        request,
        await runEdgeNodeAction(ctx.db, request.body as z.output<typeof edgeNodeAction>, new Date()),
      ),
  );

  app.post(
    '/operator/package',
    {
      config: { permission: operations.operatorPackage },
      schema: {
        ...documented(
          'operatorPackage',
          "Grant a traffic package to an account (size such as 500GB or 2TB, region, days, effective day in UTC+8), set the account's billing mode, or list its packages. 40301 without the operator key; 40401 unknown login.",
        ),
        body: packageAction,
        response: { 200: envelopeOf(packageActionResult).or(failureEnvelope) },
      },
    },
    async (request) =>
      ok(request, await runPackageAction(ctx.db, request.body as z.output<typeof packageAction>, new Date())),
  );

  app.post(
    '/operator/ticket',
    {
      config: { permission: operations.operatorTicket },
      schema: {
        ...documented(
          'operatorTicket',
          "List the tickets waiting for support, or answer one as support (the customer's turn then). 40301 without the operator key; 40401 unknown ticket; 40906 closed ticket.",
        ),
        body: ticketAction,
        response: { 200: envelopeOf(ticketActionResult).or(failureEnvelope) },
      },
    },
    async (request) =>
      ok(request, await runTicketAction(ctx.db, request.body as z.output<typeof ticketAction>, request.ip)),
  );

  app.get(
    '/operator/traffic-domains',
    {
      config: { permission: operations.operatorTrafficDomains },
      schema: {
        ...documented(
          'operatorTrafficDomains',
          'The demo domains the traffic generator (`npm run traffic`) sends logs for, with their busiest-hour bandwidth. 40301 without the operator key.',
        ),
        response: { 200: envelopeOf(operatorTrafficDomainsResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const demo = await findAccountByLogin(ctx.db, 'demo');
      const domains = demo ? await generatedTrafficDomains(ctx.db, demo.id) : [];
      return ok(request, { domains: domains.map((d) => ({ name: d.name, peak_bps: d.peakBps })) });
    },
  );

  app.get(
    '/operator/edge/nodes',
    {
      config: { permission: operations.operatorEdgeNodes },
      schema: {
        ...documented(
          'operatorEdgeNodes',
          'The edge nodes that registered (`npm run edge`): address and ports, agent version, last contact, the last configuration change applied beside the newest, and the domains whose configuration the node refused. 40301 without the operator key.',
        ),
        response: { 200: envelopeOf(operatorEdgeNodesResult).or(failureEnvelope) },
      },
    },
    async (request) => ok(request, { nodes: await listNodes(ctx.db, new Date()) }),
  );
}

export const operatorEdgeNodesResult = z.object({
  nodes: z.array(
    z.object({
      name: z.string(),
      address: z.string(),
      version: z.string(),
      http_port: z.number().int(),
      https_port: z.number().int(),
      online: z.boolean(),
      last_seen_at: z.string(),
      applied_seq: z.number().int(),
      latest_seq: z.number().int(),
      failed_domains: z.number().int(),
    }),
  ),
});

export const operatorEdgeKeyBody = z
  .object({
    action: z.enum(['create', 'revoke', 'list']),
    name: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/)
      .optional(),
  })
  .refine((b) => b.action === 'list' || b.name !== undefined, { path: ['name'] });
export const operatorEdgeKeyResult = z.object({
  key: z.string().nullable(),
  keys: z.array(
    z.object({
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
      revoked: z.boolean(),
    }),
  ),
});
export const operatorTrafficDomainsResult = z.object({
  domains: z.array(z.object({ name: z.string(), peak_bps: z.number() })),
});
