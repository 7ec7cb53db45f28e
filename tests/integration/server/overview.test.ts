import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts } from '../../../server/db/schema';
import { revokeMenuItems } from '../../../server/modules/account/service';
import { call, describeServer, signIn } from '../../support/server-harness';

describeServer('overview and dictionary', (h) => {
  it('enum lists in the caller language', async () => {
    const demo = await signIn(h().app, 'demo');
    const zh = await call<Record<string, Record<string, string>>>(h().app, 'GET', '/v3/common/enum/lists', {
      token: demo.token,
    });
    expect(zh.body.data.area?.['1']).toBe('中国内地');
    expect(zh.body.data.domain_status?.hung_up).toBe('已挂起');
    const en = await call<Record<string, Record<string, string>>>(h().app, 'GET', '/v3/common/enum/lists', {
      token: demo.token,
      language: 'en-US,en;q=0.9',
    });
    expect(en.body.data.area?.['1']).toBe('China Mainland');
    expect(en.body.msg).toBe('Success');
    // Identity access: works before the service is open.
    const newbie = await signIn(h().app, 'newbie');
    expect((await call(h().app, 'GET', '/v3/common/enum/lists', { token: newbie.token })).body.code).toBe(0);
  });

  it('cdntype counts the service types of the active account', async () => {
    const demo = await signIn(h().app, 'demo');
    const { body } = await call<{ lists: { type: string; count: number }[] }>(
      h().app,
      'GET',
      '/v3/overview/overview/cdntype',
      { token: demo.token },
    );
    expect(body.code).toBe(0);
    // The demo's 31 domains less the deleted one.
    expect(body.data.lists).toHaveLength(3);
    expect(body.data.lists).toEqual(
      expect.arrayContaining([
        { type: 'web', count: 21 },
        { type: 'download', count: 4 },
        { type: 'video', count: 5 },
      ]),
    );
  });

  it('domain lists with CNAMEs and counts by status', async () => {
    const demo = await signIn(h().app, 'demo');
    const { body } = await call<{
      lists: { domain: string; cname: string; status: string }[];
      total: number;
      by_status: Record<string, number>;
    }>(h().app, 'GET', '/v3/overview/domain/lists', { token: demo.token });
    expect(body.data.total).toBe(30);
    expect(body.data.by_status).toEqual({ active: 26, hung_up: 4 });
    expect(body.data.lists.find((d) => d.domain === 'www.demo-shop.com')?.cname).toBe(
      'www-demo-shop-com.cdn.example-edge.net',
    );
    const channel = await signIn(h().app, 'channel');
    const empty = await call<{ total: number }>(h().app, 'GET', '/v3/overview/domain/lists', {
      token: channel.token,
    });
    expect(empty.body).toMatchObject({ code: 0, data: { total: 0, lists: [] } });
  });

  it('leaves deleted domains out of the total, the counts and the list, as cdntype does', async () => {
    const s = await signIn(h().app, 'demo');
    const { body } = await call<{
      lists: { id: string; domain: string }[];
      total: number;
      by_status: Record<string, number>;
    }>(h().app, 'GET', '/v3/overview/domain/lists', { token: s.token });
    // The demo's test.demo-shop.com was deleted.
    expect(body.data.lists).toHaveLength(body.data.total);
    expect(body.data.lists.map((d) => d.domain)).not.toContain('test.demo-shop.com');
    expect(body.data.by_status).not.toHaveProperty('deleted');
    expect(body.data.lists[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const types = await call<{ lists: { type: string; count: number }[] }>(
      h().app,
      'GET',
      '/v3/overview/overview/cdntype',
      { token: s.token },
    );
    const counted = types.body.data.lists.reduce((sum, t) => sum + t.count, 0);
    expect(counted).toBe(body.data.total);
  });

  it('needs an open service (40303)', async () => {
    const newbie = await signIn(h().app, 'newbie');
    for (const url of ['/v3/overview/overview/cdntype', '/v3/overview/domain/lists']) {
      const { body } = await call(h().app, 'GET', url, { token: newbie.token, language: 'en' });
      expect(body).toMatchObject({ code: 40303, msg: 'Please open the CDN service first.' });
    }
  });

  it('needs the overview in the menu (40301)', async () => {
    const [canvas] = await h().db.select().from(accounts).where(eq(accounts.login, 'canvas'));
    await revokeMenuItems(h().db, canvas!.id, [100, 101]);
    const s = await signIn(h().app, 'canvas');
    for (const url of ['/v3/overview/overview/cdntype', '/v3/overview/domain/lists']) {
      expect((await call(h().app, 'GET', url, { token: s.token })).body.code).toBe(40301);
    }
    // Calls outside any menu path stay available.
    expect((await call(h().app, 'GET', '/v3/customer/customer/cwn', { token: s.token })).body.code).toBe(0);
  });
});
