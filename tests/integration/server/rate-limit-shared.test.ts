import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeServer } from '../../support/server-harness';

const redisUrl = process.env.REDIS_URL;

/**
 * Instances behind a load balancer count one caller's calls together when they keep the counts in
 * Redis (REDIS_URL); without it each counts its own. The address of each run is a /64 of its own,
 * so that counts left by an earlier run (they live a minute) do not meet this one's.
 */
describe.skipIf(!redisUrl)('rate limits across instances', () => {
  describeServer('rate limits', (h) => {
    const freshAddress = () =>
      `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;
    const call = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/v3/common/enum/lists', remoteAddress });

    it('counts an address on every instance sharing Redis', async () => {
      const limits = { rateLimit: { perToken: 100, perAddress: 6 }, redisUrl };
      const [one, two, three] = await Promise.all([
        h().appWith(limits),
        h().appWith(limits),
        h().appWith(limits),
      ]);
      const address = freshAddress();
      const answers: number[] = [];
      for (const app of [one, two, three, one, two, three])
        answers.push((await call(app!, address)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
      // The seventh call, whichever instance takes it, is over the address's 6.
      for (const app of [one, two, three]) {
        const refused = await call(app!, address);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address is not held back by it.
      expect((await call(two!, freshAddress())).statusCode).toBe(200);
    });

    it('lets calls through while Redis does not answer', async () => {
      const app = await h().appWith({
        rateLimit: { perToken: 100, perAddress: 6 },
        redisUrl: 'redis://127.0.0.1:1/0',
      });
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) expect((await call(app, address)).statusCode).toBe(200);
    });

    it('counts per instance without Redis', async () => {
      const limits = { rateLimit: { perToken: 100, perAddress: 6 }, redisUrl: undefined };
      const [one, two] = await Promise.all([h().appWith(limits), h().appWith(limits)]);
      const address = freshAddress();
      for (let i = 0; i < 6; i += 1) expect((await call(one!, address)).statusCode).toBe(200);
      expect((await call(one!, address)).statusCode).toBe(429);
      expect((await call(two!, address)).statusCode).toBe(200);
    });
  });
});
