import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Code, type Issue } from '../src/contract';
import { commandRoutes } from './commands/routes';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import { AuthCache } from './authz/principal-cache';
import { thisInstance } from './jobs/leases';
import { ChangeFeed, changeChannel, parseChange } from './http/changes';
import type { AppContext } from './http/context';
import { AppError, envelopeOfError, requestLanguage } from './http/envelope';
import { registerRateLimits } from './http/rate-limit';
import { isApiRequest, registerRequestGuards } from './http/request-guards';
import { responseSerializer } from './http/serializer';
import { identityRoutes } from './identity/routes';
import { isKnownMessage, t } from './i18n/messages';
import { loggerOptions } from './logger';
import { commonRoutes } from './modules/common/routes';
import { customerRoutes } from './modules/customer/routes';
import { userRoutes } from './modules/user/routes';
import { auditRoutes } from './modules/audit/routes';
import { securityRoutes } from './modules/security/routes';
import { tokenRoutes } from './modules/token/routes';
import { certRoutes } from './modules/cert/routes';
import { domainRoutes } from './modules/domain/routes';
import { contentRoutes } from './modules/content/routes';
import { edgeRoutes } from './modules/edge/routes';
import { ipCheckRoutes } from './modules/ip-check/routes';
import { trafficPackageRoutes } from './modules/traffic-package/routes';
import { resourceRoutes } from './modules/resource/routes';
import { fileSyncRoutes } from './modules/file-sync/routes';
import { alarmRoutes, type AlarmOptions } from './modules/alarm/routes';
import { ipBanRoutes } from './modules/ip-ban/routes';
import { overviewRoutes } from './modules/overview/routes';
import { productRoutes } from './modules/product/routes';
import { suggestionRoutes } from './modules/suggestion/routes';
import { ticketRoutes } from './modules/ticket/routes';
import { trafficRoutes } from './modules/traffic/routes';
import { syncRoutes } from './modules/sync/routes';
import { operatorRoutes, requireOperatorKey } from './operator/routes';
import { operations } from '../src/contract/operations';
import { registerGate } from './authz/hooks';
import { requireEdgeKey } from './modules/traffic/edge-keys';

export interface BuildAppOptions {
  database: Pick<Database, 'db'> & Partial<Pick<Database, 'kind' | 'listen'>>;
  config: Config;
  /** `false`: no logs; otherwise pino at the configured level, optionally into `stream`. */
  logger?: false | { stream?: { write(line: string): void }; level?: string };
  /** The operator key; without it the operator calls are refused. */
  operatorKey?: string;
  /** The alarms' SMS provider, and whether they run on timers (tests drive them). */
  alarms?: AlarmOptions;
}

/** spec: strict CSP; the UI library injects style tags, hence 'unsafe-inline' for styles only. */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The hashes of the inline scripts of the built console's index.html (the page-start script the
 * build writes there), so the policy allows exactly those and no other inline script.
 */
export function inlineScriptHashes(staticRoot: string): string[] {
  const index = resolve(staticRoot, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    // External scripts are allowed by 'self'; data blocks (JSON) never run.
    if (/\bsrc=/.test(attributes) || /type=["']?application\/json/.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Other processes may share a PostgreSQL database: their changes arrive as notifications, and
  // until the listening connection is up, nothing may be kept in memory as current.
  const shared = options.database.kind === 'postgres' && options.database.listen !== undefined;
  // A sign-in check cleared here is cleared in the other instances too (a notification on the
  // changes' channel, told apart by its prefix); this one's own comes back and is passed over.
  const authClear = `auth:${thisInstance}:${randomBytes(4).toString('hex')}`;
  const db = options.database.db;
  const ctx: AppContext = {
    db,
    config,
    authCache: new AuthCache(
      shared
        ? {
            keeping: false,
            tellOthers: () =>
              void db
                .execute(sql`select pg_notify(${changeChannel}, ${authClear})`)
                .catch((error: unknown) =>
                  app.log.error({ err: error }, 'telling the sign-in checks failed'),
                ),
          }
        : {},
    ),
    changes: new ChangeFeed({ complete: !shared }),
    notifyOthers: options.database.kind === 'postgres',
  };
  const logger =
    options.logger === false
      ? false
      : {
          ...loggerOptions(options.logger?.level ?? config.logLevel),
          ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
        };
  // Behind trusted reverse proxies (TRUST_PROXY), X-Forwarded-For gives the client address and
  // X-Forwarded-Proto the Secure cookie flag.
  const app = Fastify({ logger, trustProxy: fastifyTrustProxy(config.trustProxy) });

  app.decorate('authCache', ctx.authCache);
  app.decorate('changes', ctx.changes);
  if (shared && options.database.listen) {
    const stop = options.database.listen(changeChannel, {
      message: (payload) => {
        if (payload.startsWith('auth:')) {
          if (payload !== authClear) ctx.authCache.clearHere();
          return;
        }
        const change = parseChange(payload);
        if (change) ctx.changes.publish(change);
      },
      ready: () => {
        ctx.changes.restored();
        ctx.authCache.keep(true);
      },
      lost: () => {
        ctx.changes.lost();
        ctx.authCache.keep(false);
      },
    });
    app.addHook('onClose', stop);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.checkResponses));

  // The security headers of every reply, helmet's middleware built once: the fastify plugin builds it
  // again for each request (its per-route options), about a tenth of a list call's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...cspDirectives,
        scriptSrc: [...cspDirectives.scriptSrc, ...inlineScriptHashes(config.staticDir)],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(fastifyCookie);
  // JSON endpoints take JSON only: text bodies are not parsed (415, answered 41502). The portal's
  // form posts and the picture upload register their own parsers in their own scopes.
  app.removeContentTypeParser('text/plain');
  // API answers above 1 KB are compressed (brotli at a speed-minded quality, or gzip); the built
  // console is served from the copies compressed at build time.
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Up to 64 KB in one synchronous call (about half a millisecond), larger ones as a stream:
    // a stream per answer costs more than compressing a page of the list.
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerRequestGuards(app);
  await registerRateLimits(app, config);
  // Before any route is added: the gate's registration check sees every route.
  registerGate(app, ctx, {
    edge: (request) => requireEdgeKey(ctx, request),
    operator: async (request) => requireOperatorKey(options.operatorKey, request),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CDN Console API',
        version: '0.1.0',
        description: 'Every response is the envelope {code, msg, data}; code 0 is success.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The console sign-in token, or an API token (`cdnk_…`) made on the token page: it acts as its user with that user's permissions, narrowed to its domains, read-only or read-write, from its allowed addresses until its expiry. Tokens cannot manage users, tokens or account security.",
          },
          edgeKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Edge <key>: a key made by the operator (npm run admin -- edge-key create <name>).',
          },
          operatorKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-operator-key',
            description: 'The content of <DATA_DIR>/operator.key, written afresh at every start.',
          },
        },
      },
      tags: [
        { name: 'identity', description: 'Sign-in, token validation and logout' },
        { name: 'customer', description: 'Accounts, menu and switching' },
        { name: 'common', description: 'Dictionaries' },
        { name: 'overview', description: 'Overview' },
        { name: 'product', description: 'Opening the service' },
        { name: 'suggestion', description: 'Feedback, and the pictures of feedback and tickets' },
        { name: 'ticket', description: 'Tickets to support: submit, reply, close' },
        {
          name: 'sync',
          description: 'Changes queued in the browser, applied in order and once per idempotency key',
        },
        { name: 'ipBan', description: 'IP blocking: the ban list, lookups, ban / update / unban' },
        {
          name: 'domain',
          description:
            'Accelerated domains and their groups: list, detail, create, copy configuration, hang up, recover, delete, rename, move',
        },
        { name: 'statistics', description: 'Traffic statistics, reports and their export' },
        { name: 'log', description: 'Raw access logs: hourly files and their signed download addresses' },
        { name: 'edge', description: 'Access-log ingestion from edge nodes (edge key)' },
        { name: 'operator', description: 'Operator calls of `npm run admin` (x-operator-key)' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation page keeps the app's Content-Security-Policy (set by helmet on every reply):
  // swagger-ui loads only its own same-origin scripts and styles, and its logo is a data: image.
  // Without the online validator it contacts no other host.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A limit of calls in time: HTTP 429 with Retry-After, so any client knows to wait.
      const retryAfter = error.code === Code.rateLimited ? Number(error.data.retry_after) : NaN;
      if (Number.isFinite(retryAfter)) reply.status(429).header('retry-after', String(retryAfter));
      else reply.status(200);
      return reply.send(envelopeOfError(request, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message_id: isKnownMessage(v.message) ? v.message : 'common.invalid',
      }));
      // spec §8: more than five pictures is its own message, not a generic validation error.
      if (error.validation.some((v) => v.instancePath === '/image_ids' && v.keyword === 'too_big')) {
        return reply
          .status(200)
          .send(envelopeOfError(request, new AppError(Code.tooManyFiles, 'feedback.images.tooMany')));
      }
      // The first issue's figures go with its message: a custom rule's own, a limit's maximum.
      const first = error.validation[0];
      const figures = (first?.keyword === 'custom' ? first.params.params : undefined) ?? {};
      const maximum = first?.keyword === 'too_big' ? first.params.maximum : undefined;
      return reply.status(200).send(
        envelopeOfError(
          request,
          new AppError(Code.invalidRequest, issues[0]?.message_id ?? 'common.invalid', {
            ...(typeof figures === 'object' ? figures : {}),
            ...(typeof maximum === 'number' ? { max: maximum } : {}),
            issues,
          }),
        ),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 415) {
      return reply
        .status(200)
        .send(envelopeOfError(request, new AppError(Code.unsupportedMediaType, 'common.jsonOnly')));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large: the request is invalid.
      return reply
        .status(200)
        .send(envelopeOfError(request, new AppError(Code.invalidRequest, 'common.invalid', { issues: [] })));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: Code.internal, msg: t('common.internal', requestLanguage(request)), data: {} });
  });

  app.setNotFoundHandler((request, reply) => {
    const api = isApiRequest(request);
    return reply
      .status(api ? 200 : 404)
      .send(envelopeOfError(request, new AppError(Code.notFound, 'common.notFound')));
  });

  await app.register(async (instance) => {
    identityRoutes(instance, ctx);
    customerRoutes(instance, ctx);
    userRoutes(instance, ctx);
    auditRoutes(instance, ctx);
    securityRoutes(instance, ctx);
    tokenRoutes(instance, ctx);
    commonRoutes(instance, ctx);
    overviewRoutes(instance, ctx);
    productRoutes(instance, ctx);
    suggestionRoutes(instance, ctx);
    ticketRoutes(instance, ctx);
    syncRoutes(instance, ctx);
    commandRoutes(instance, ctx);
    ipBanRoutes(instance, ctx);
    contentRoutes(instance, ctx);
    ipCheckRoutes(instance, ctx);
    trafficPackageRoutes(instance, ctx);
    resourceRoutes(instance, ctx);
    fileSyncRoutes(instance, ctx);
    alarmRoutes(instance, ctx, options.alarms);
    domainRoutes(instance, ctx);
    certRoutes(instance, ctx);
    trafficRoutes(instance, ctx);
    edgeRoutes(instance, ctx);
    operatorRoutes(instance, ctx);
    // The raw OpenAPI document (not enveloped), generated from the contract's schemas.
    instance.get(
      '/v3/openapi.json',
      {
        config: { permission: operations.openApiDocument },
        schema: {
          summary: 'This OpenAPI document itself (plain JSON, not in the envelope).',
          tags: ['common'],
          operationId: 'openApiDocument',
        },
      },
      async (_request, reply) => reply.type('application/json').send(instance.swagger()),
    );
  });

  const staticRoot = resolve(config.staticDir);
  if (existsSync(staticRoot) && statSync(staticRoot).isDirectory()) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      // The .br and .gz copies written by the build, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // A compressed copy (`index.html.br`) is cached as the file it stands for.
        const name = basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === 'index.html' || name === 'sw.js') reply.header('cache-control', 'no-cache');
        else if (filePath.includes(`${sep}assets${sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  return app;
}
