import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract';
import type { Config } from '../config';
import { bearerOf } from './bearer';
import { t } from '../i18n/messages';
import { sha256Hex } from './crypto';
import { requestLanguage } from './envelope';
import { isApiRequest, routedPath } from './request-guards';

const minute = 60_000;

/** Portal and canvas form posts (sign-in, logout, real-name) count against the address too. */
const isFormPost = (request: FastifyRequest) =>
  request.method === 'POST' && /^\/(?:portal|canvas)\//.test(routedPath(request));

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The answer of a call over a limit: HTTP 429, `Retry-After` and the envelope's 42901. */
export function sendRateLimited(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return reply
    .status(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .send({
      code: Code.rateLimited,
      msg: t('common.rateLimited', requestLanguage(request), { seconds }),
      data: { retry_after: seconds },
    });
}

/**
 * Rate limits of every API call, so that no one caller can take the server from the others:
 * per bearer token (a person's console or a script's API token) and per client address (IPv6 by
 * its /64), whichever is reached first, in windows of a minute. The figures come from the
 * configuration; the defaults are far above what a person clicking through the console sends
 * (its busiest moment, a first read of 10,000 domains, is a dozen calls).
 *
 * Counts are kept in Redis when `REDIS_URL` is set, so that instances behind a load balancer count
 * together (@fastify/rate-limit's Redis store: one atomic script a count). Without it they are kept
 * in this process (its LRU store): each instance then counts on its own, and the effective limit
 * is the configured one times the instances. A Redis that does not answer lets the call through
 * (the limit protects the server; it is not worth refusing every call over).
 *
 * Calls are told by their route (`isApiRequest`), never by how their address was spelt: the
 * request guards, registered before, have refused paths the router would read otherwise.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Answer or fail fast: a call waits on its count.
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
      })
    : null;
  if (redis) {
    redis.on('error', () => {}); // told by the calls' own failures; reconnects by itself
    app.addHook('onClose', async () => void redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 20_000,
    ...(redis ? { redis, nameSpace: 'cdn-rate-', skipOnError: true } : {}),
  });
  const perAddress: Limiter = app.createRateLimit({
    max: config.rateLimit.perAddress,
    timeWindow: minute,
  });
  const perToken: Limiter = app.createRateLimit({
    max: config.rateLimit.perToken,
    timeWindow: minute,
    // The token is never kept in memory as it is: only a prefix of its hash names the counter.
    keyGenerator: (request) => sha256Hex(bearerOf(request.headers.authorization) ?? '').slice(0, 32),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) && !isFormPost(request)) return;
    const checks = [perAddress(request)];
    if (bearerOf(request.headers.authorization) !== null) checks.push(perToken(request));
    for (const result of await Promise.all(checks)) {
      if (!result.isAllowed && result.isExceeded) return sendRateLimited(request, reply, result.ttlInSeconds);
    }
  });
}
