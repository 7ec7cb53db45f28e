import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  edgeConfigQuery,
  edgeConfigResult,
  edgePaths,
  edgeRegisterBody,
  edgeRegisterResult,
  edgeReportBody,
} from '../../../src/contract/edge';
import { operations } from '../../../src/contract/operations';
import { envelopeOf } from '../../../src/contract/schemas';
import { edgeNodeOf } from '../../authz/hooks';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute, failureEnvelope } from '../../http/routes';
import { domainConfig } from '../domain/config';
import { domainDetail } from '../domain/service';
import { KeyVault } from '../cert/key-vault';
import { domainDeployment, edgeConfig, registerNode, reportNode } from './service';

/**
 * The edge nodes' calls (`Authorization: Edge <key>`, one key a node): register, pull the
 * configuration with the certificates' keys, report what took effect and the jobs done.
 */
export function edgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const vault = KeyVault.open(ctx.config.dataDir);
  const documented = (operationId: string, summary: string) => ({
    summary,
    tags: ['edge'],
    operationId,
    security: [{ edgeKey: [] }],
  });

  app.post(
    edgePaths.register,
    {
      config: { permission: operations.edgeRegister },
      schema: {
        ...documented(
          'edgeRegister',
          'An edge node starting: its version, address and ports. The node is the key: one key, one node.',
        ),
        body: edgeRegisterBody,
        response: { 200: envelopeOf(edgeRegisterResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const name = edgeNodeOf(request);
      await registerNode(ctx.db, name, request.body as z.output<typeof edgeRegisterBody>, new Date());
      return ok(request, { name });
    },
  );

  app.get(
    edgePaths.config,
    {
      config: { permission: operations.edgeConfig, input: 'query' },
      // Every node asks every second: its calls are logged only when they go wrong.
      logLevel: 'warn',
      schema: {
        ...documented(
          'edgeConfig',
          'Every domain the edge serves (since=0) or those changed after `since`, with their sections, certificates (keys included) and IP bans, and the refresh and prefetch jobs waiting for the node.',
        ),
        querystring: edgeConfigQuery,
        response: { 200: envelopeOf(edgeConfigResult).or(failureEnvelope) },
      },
    },
    async (request, reply) => {
      const { since } = request.query as z.output<typeof edgeConfigQuery>;
      reply.header('cache-control', 'no-store');
      return ok(request, await edgeConfig(ctx.db, vault, edgeNodeOf(request), since, new Date()));
    },
  );

  app.post(
    edgePaths.report,
    {
      config: { permission: operations.edgeReport },
      logLevel: 'warn',
      schema: {
        ...documented(
          'edgeReport',
          'What took effect on the node: the last change tried, how each domain changed came out (the versions in effect, or nginx’s reason for refusing), and the jobs done.',
        ),
        body: edgeReportBody,
        response: { 200: envelopeOf(edgeRegisterResult).or(failureEnvelope) },
      },
    },
    async (request) => {
      const name = edgeNodeOf(request);
      await reportNode(ctx.db, name, request.body as z.output<typeof edgeReportBody>, new Date());
      return ok(request, { name });
    },
  );

  contractRoute(app, ctx, 'domainDeployment', async (request, input, auth) => {
    const domain = await domainDetail(ctx.db, auth.viewAccountId, input.id);
    const config = await domainConfig(ctx.db, auth.viewAccountId, input.id);
    const versions = Object.fromEntries(
      Object.entries(config).map(([kind, section]) => [kind, section.version]),
    ) as Record<keyof typeof config, number>;
    return ok(
      request,
      await domainDeployment(ctx.db, input.id, { domain: domain.version, ...versions }, new Date()),
    );
  });
}
