import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { loginFailures } from '../../../server/db/schema';
import { signInLimit } from '../../../server/identity/service';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { call, demoPassword, describeServer, signIn } from '../../support/server-harness';

/**
 * How a request reaches the server through the proxies of a deployment: the client may write any
 * X-Forwarded-For; each proxy appends the address it was reached from, and the server sees the
 * last proxy as the peer.
 */
interface Deployment {
  name: string;
  trustProxy: string;
  reach(written: string[], client: string): { remoteAddress: string; forwardedFor: string };
}

const cdn = '10.0.0.1';
const loadBalancer = '192.168.4.4';
const deployments: Deployment[] = [
  {
    name: 'one proxy (TRUST_PROXY=1)',
    trustProxy: '1',
    reach: (written, client) => ({ remoteAddress: cdn, forwardedFor: [...written, client].join(', ') }),
  },
  {
    name: 'a CDN and a load balancer (TRUST_PROXY=2)',
    trustProxy: '2',
    reach: (written, client) => ({
      remoteAddress: loadBalancer,
      forwardedFor: [...written, client, cdn].join(', '),
    }),
  },
  {
    name: 'a list of proxies (TRUST_PROXY=10.0.0.1,192.168.0.0/16)',
    trustProxy: '10.0.0.1,192.168.0.0/16',
    reach: (written, client) => ({
      remoteAddress: loadBalancer,
      forwardedFor: [...written, client, cdn].join(', '),
    }),
  },
];

describeServer('the client address behind trusted proxies', (h) => {
  /** An API token of demo that may be used from 203.0.113.7 only. */
  let secret: string;

  beforeAll(async () => {
    const demo = await signIn(h().app, 'demo');
    const account = (await findAccountByLogin(h().db, 'demo'))!;
    const made = await call<{ secret: string }>(h().app, 'POST', '/v3/customer/token/create', {
      token: demo.token,
      body: { user_id: account.id, access: 'read', allowed_ips: ['203.0.113.7'] },
    });
    expect(made.body.code).toBe(0);
    secret = made.body.data.secret;
  });

  /** An app configured from the environment, as `npm start` reads it. */
  const appBehind = (deployment: Deployment) =>
    h().appWith({ trustProxy: loadConfig({ TRUST_PROXY: deployment.trustProxy }).trustProxy });

  deployments.forEach((deployment, index) => {
    it(`${deployment.name}: a token's allowed address is the one the proxy saw, not the one the client wrote`, async () => {
      const app = await appBehind(deployment);
      const names = async (written: string[], client: string) => {
        const { remoteAddress, forwardedFor } = deployment.reach(written, client);
        const response = await app.inject({
          method: 'GET',
          url: '/v3/domain/domain/names',
          remoteAddress,
          headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': forwardedFor },
        });
        return (response.json() as { code: number }).code;
      };
      // The client 198.51.100.9 names the allowed address first: refused.
      expect(await names(['203.0.113.7'], '198.51.100.9')).toBe(40301);
      expect(await names(['203.0.113.7', '203.0.113.7'], '198.51.100.9')).toBe(40301);
      // The allowed address itself, through the same proxies: allowed.
      expect(await names([], '203.0.113.7')).toBe(0);
      expect(await names(['198.51.100.9'], '203.0.113.7')).toBe(0);
    });

    it(`${deployment.name}: sign-in spraying with a rotating X-Forwarded-For is throttled by the real client`, async () => {
      const app = await appBehind(deployment);
      const logins: string[] = [];
      const attempt = (client: string, written: string, login: string, password = 'Summer2026!') => {
        logins.push(login);
        const { remoteAddress, forwardedFor } = deployment.reach([written], client);
        return app.inject({
          method: 'POST',
          url: '/portal/login',
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          payload: new URLSearchParams({
            username: login,
            password,
            redirect_uri: '/',
            state: 's',
          }).toString(),
        });
      };
      const sprayer = `198.51.100.${100 + index}`;
      const statuses: number[] = [];
      for (let i = 0; i <= signInLimit.perAddress; i += 1)
        statuses.push((await attempt(sprayer, `203.0.113.${i + 1}`, `spray-${index}-${i}`)).statusCode);
      expect(statuses.slice(0, signInLimit.perAddress)).toEqual(Array(signInLimit.perAddress).fill(401));
      expect(statuses[signInLimit.perAddress]).toBe(429);
      // Another client behind the same proxies is not throttled: the count is the client's.
      const other = await attempt(`198.51.100.${200 + index}`, '203.0.113.250', 'demo', demoPassword);
      expect(other.statusCode).toBe(303);
      await h().db.delete(loginFailures).where(inArray(loginFailures.login, logins));
    });
  });

  it('believes X-Forwarded-Proto only from a listed proxy (the Secure cookie flag)', async () => {
    const app: FastifyInstance = await h().appWith({
      trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }).trustProxy,
    });
    const signInFrom = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/portal/login',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        payload: new URLSearchParams({ username: 'demo', password: demoPassword }).toString(),
      });
    const secure = (response: Awaited<ReturnType<typeof signInFrom>>) =>
      response.cookies.find((c) => c.name === 'portal_sid')?.secure ?? false;
    expect(secure(await signInFrom(loadBalancer))).toBe(true);
    expect(secure(await signInFrom('198.51.100.77'))).toBe(false);
  });
});
