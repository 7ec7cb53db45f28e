import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { IpCheckAnswer } from '../../../src/contract/ip-check';
import { ipCheckCalls } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

/**
 * The IP check (spec §2 /cdn/utils/ipinquiry, §5, §9): edge nodes from the operator's table, the
 * place of any address from the bundled IP database, at most 20 a query and one query per user
 * every 5 seconds, counted on the server.
 */
describeServer('IP check', (h) => {
  let demo: string;
  let demoId: number;
  const check = (ips: unknown, token = demo, language = 'en') =>
    call<{ lists: IpCheckAnswer[]; issues?: { path: string }[]; retry_after?: number; max?: number }>(
      h().app,
      'POST',
      '/v3/tools/ip/check',
      { token, language, body: { ips } },
    );
  /** Lets the next query of the user through, as if 5 seconds had passed. */
  const waited = (userId = demoId) =>
    h()
      .db.update(ipCheckCalls)
      .set({ lastAt: new Date(Date.now() - 6000) })
      .where(eq(ipCheckCalls.accountId, userId));

  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    demoId = (await findAccountByLogin(h().db, 'demo'))!.id;
  });

  it('tells edge nodes (in service or not) from other addresses, with region and carrier', async () => {
    const { body } = await check([
      '192.0.2.1',
      'http://192.0.2.5:8080/index.html',
      '114.114.114.114',
      '10.1.2.3',
    ]);
    expect(body.code, JSON.stringify(body)).toBe(0);
    const [node, offline, other, inner] = body.data.lists;
    expect(node).toMatchObject({
      ip: '192.0.2.1',
      edge_node: true,
      node: { name: 'gd-gz-ct-01', online: true },
    });
    expect(node).toMatchObject({ region: 'GD', carrier: 'telecom' });
    expect(offline).toMatchObject({
      input: 'http://192.0.2.5:8080/index.html',
      ip: '192.0.2.5',
      edge_node: true,
      node: { online: false },
    });
    expect(other).toMatchObject({ ip: '114.114.114.114', edge_node: false, node: null, region: 'JS' });
    expect(other!.location).toContain('南京');
    expect(inner).toMatchObject({ edge_node: false, region: 'unknown' });
  });

  it('answers a second query within 5 seconds with the wait, and the next one after it', async () => {
    await waited();
    expect((await check(['192.0.2.1'])).body.code).toBe(0);
    const { body, response } = await check(['192.0.2.1'], demo, 'zh-CN');
    expect(body.code).toBe(42901);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(body.msg).toMatch(/^查询过于频繁，请 [1-5] 秒后再试$/);
    await waited();
    expect((await check(['192.0.2.1'])).body.code).toBe(0);
  });

  it('refuses a value without a dotted IPv4 quartet, and more than 20 values (spec §5, §9)', async () => {
    await waited();
    const bad = await check(['192.0.2.1', '192.0.2', '256.1.1.1', '2001:db8::1']);
    expect(bad.body.code).toBe(40001);
    expect(bad.body.msg).toBe('The IP format is incorrect');
    expect(bad.body.data.issues?.map((i) => i.path)).toEqual(['ips.1', 'ips.2', 'ips.3']);
    const twenty = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
    await waited();
    expect((await check(twenty)).body.code).toBe(0);
    await waited();
    const over = await check([...twenty, '198.51.100.99']);
    expect(over.body.code).toBe(40001);
    expect(over.body.msg).toBe('At most 20 IPs can be checked at a time');
    expect((await check([])).body.msg).toBe('Enter the IP addresses to check');
  });

  it('answers for the nodes the operator adds and removes', async () => {
    const operator = (body: Record<string, unknown>) =>
      call<{ nodes: { address: string }[] }>(h().app, 'POST', '/operator/edge-node', {
        headers: { 'x-operator-key': operatorKey },
        body,
      });
    const added = await operator({
      action: 'add',
      address: '203.0.113.77',
      name: 'sc-cd-ct-01',
      region: 'SC',
      carrier: 'telecom',
    });
    expect(added.body.code).toBe(0);
    await waited();
    expect((await check(['203.0.113.77'])).body.data.lists[0]).toMatchObject({
      edge_node: true,
      region: 'SC',
    });
    expect((await operator({ action: 'remove', address: '203.0.113.77' })).body.code).toBe(0);
    expect((await operator({ action: 'remove', address: '203.0.113.77' })).body.code).toBe(40401);
    await waited();
    expect((await check(['203.0.113.77'])).body.data.lists[0]?.edge_node).toBe(false);
    const refused = await call(h().app, 'POST', '/operator/edge-node', { body: { action: 'list' } });
    expect(refused.body.code).toBe(40301);
  });
});
