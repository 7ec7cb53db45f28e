import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, auditEvents, tokens } from '../../../server/db/schema';
import { sha256Hex } from '../../../server/http/crypto';
import { call, describeServer, signIn } from '../../support/server-harness';

const signInUrl = '/portal/login?redirect_uri=%2F';

describeServer(
  'customer endpoints',
  (h) => {
    it('answers 44 with the sign-in address without, with an unknown, an expired or a revoked token', async () => {
      const app = h().app;
      const expect44 = async (token?: string) => {
        const { body, response } = await call(app, 'GET', '/v3/customer/customer/loginInfo', { token });
        expect(response.statusCode).toBe(200);
        expect(body).toMatchObject({ code: 44, data: { url: signInUrl } });
      };
      await expect44();
      await expect44('A'.repeat(43));
      const absolute = await signIn(app, 'demo');
      await h()
        .db.update(tokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(tokens.tokenHash, sha256Hex(absolute.token)));
      await expect44(absolute.token);
      const idle = await signIn(app, 'demo');
      await h()
        .db.update(tokens)
        .set({ lastUsedAt: new Date(Date.now() - (h().config.tokenIdleMinutes * 60_000 + 1000)) })
        .where(eq(tokens.tokenHash, sha256Hex(idle.token)));
      await expect44(idle.token);
      const revoked = await signIn(app, 'demo');
      await call(app, 'POST', '/account/user/logout', { token: revoked.token, body: { source: 'portal' } });
      await expect44(revoked.token);
      // 44 also on /api and before the input is looked at.
      const api = await call(app, 'POST', '/api/customer/product/productopen', { body: { nonsense: true } });
      expect(api.body.code).toBe(44);
      const msg = await call(app, 'GET', '/v3/customer/customer/loginInfo', { language: 'en-US' });
      expect(msg.body.msg).toBe('Please sign in again.');
    });

    it('refreshes last_used_at at most once a minute', async () => {
      const s = await signIn(h().app, 'demo');
      const past = new Date(Date.now() - 5 * 60_000);
      await h()
        .db.update(tokens)
        .set({ lastUsedAt: past })
        .where(eq(tokens.tokenHash, sha256Hex(s.token)));
      await call(h().app, 'GET', '/v3/customer/customer/cwn', { token: s.token });
      const [row] = await h()
        .db.select()
        .from(tokens)
        .where(eq(tokens.tokenHash, sha256Hex(s.token)));
      expect(row!.lastUsedAt.getTime()).toBeGreaterThan(past.getTime());
      const refreshed = row!.lastUsedAt.getTime();
      await call(h().app, 'GET', '/v3/customer/customer/cwn', { token: s.token });
      const [again] = await h()
        .db.select()
        .from(tokens)
        .where(eq(tokens.tokenHash, sha256Hex(s.token)));
      expect(again!.lastUsedAt.getTime()).toBe(refreshed);
    });

    it('checkAuth answers the channel and top-URL flags', async () => {
      const channel = await signIn(h().app, 'channel');
      const keys = { params: ['is/channel/account', 'enable/view/top_url_type', 'unknown/key'] };
      const c = await call(h().app, 'POST', '/v3/customer/search/checkAuth', {
        token: channel.token,
        body: keys,
      });
      expect(c.body).toMatchObject({
        code: 0,
        data: { 'is/channel/account': true, 'enable/view/top_url_type': false, 'unknown/key': false },
      });
      const demo = await signIn(h().app, 'demo');
      const d = await call(h().app, 'POST', '/v3/customer/search/checkAuth', {
        token: demo.token,
        body: keys,
      });
      expect(d.body.data).toEqual({
        'is/channel/account': false,
        'enable/view/top_url_type': true,
        'unknown/key': false,
      });
      const bad = await call(h().app, 'POST', '/v3/customer/search/checkAuth', {
        token: demo.token,
        body: { params: 'x' },
      });
      expect(bad.body).toMatchObject({
        code: 40001,
        data: { issues: [{ path: 'params', message_id: 'common.invalid' }] },
      });
    });

    it('viewLists and customer lists: itself and, for a channel account, its customers', async () => {
      const demo = await signIn(h().app, 'demo');
      const own = await call<{ lists: { id: number; account: string }[] }>(
        h().app,
        'POST',
        '/v3/customer/customer/viewLists',
        { token: demo.token },
      );
      expect(own.body.data.lists.map((l) => l.account)).toEqual(['demo']);
      const channel = await signIn(h().app, 'channel');
      const all = await call<{ lists: { account: string }[] }>(
        h().app,
        'POST',
        '/v3/customer/customer/viewLists',
        { token: channel.token, body: {} },
      );
      expect(all.body.data.lists).toHaveLength(61);
      const filtered = await call<{ lists: { account: string; service_status: string }[]; total: number }>(
        h().app,
        'POST',
        '/v3/customer/customer/lists',
        {
          token: channel.token,
          body: { keyword: 'customer0', page: 1, page_size: 5 },
        },
      );
      expect(filtered.body.data.total).toBe(9);
      expect(filtered.body.data.lists).toHaveLength(5);
      expect(filtered.body.data.lists[0]).toMatchObject({ account: 'customer01', service_status: 'open' });
      const page2 = await call<{ lists: unknown[]; total: number }>(
        h().app,
        'POST',
        '/v3/customer/customer/lists',
        { token: channel.token, body: { page: 4, page_size: 20 } },
      );
      expect(page2.body.data.total).toBe(61);
      expect(page2.body.data.lists).toHaveLength(1);
      const wildcard = await call<{ total: number }>(h().app, 'POST', '/v3/customer/customer/lists', {
        token: channel.token,
        body: { keyword: '%' },
      });
      expect(wildcard.body.data.total).toBe(0);
      const demoLists = await call<{ total: number }>(h().app, 'POST', '/v3/customer/customer/lists', {
        token: demo.token,
        body: { keyword: 'customer' },
      });
      expect(demoLists.body.data.total).toBe(0);
      const bad = await call(h().app, 'POST', '/v3/customer/customer/lists', {
        token: demo.token,
        body: { page_size: 1000 },
      });
      expect(bad.body.code).toBe(40001);
    });

    it('search conditions', async () => {
      const demo = await signIn(h().app, 'demo');
      const { body } = await call<{ conditions: { key: string }[] }>(
        h().app,
        'GET',
        '/v3/customer/search/condition',
        { token: demo.token },
      );
      expect(body.code).toBe(0);
      expect(body.data.conditions.map((c) => c.key)).toEqual(['keyword', 'service_status']);
    });

    it('loginInfo caps the list at 50 with the active account first', async () => {
      const channel = await signIn(h().app, 'channel');
      const info = await call<{
        view_id: number;
        lists: { id: number; account: string }[];
        login_account_source: number;
        kind: string;
      }>(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: channel.token });
      expect(info.body.data.lists).toHaveLength(50);
      expect(info.body.data.lists[0]?.account).toBe('channel');
      const last = await call<{ lists: { id: number; account: string }[] }>(
        h().app,
        'POST',
        '/v3/customer/customer/lists',
        {
          token: channel.token,
          body: { keyword: 'customer60' },
        },
      );
      const target = last.body.data.lists[0]!.id;
      const switched = await call(h().app, 'POST', '/v3/customer/customer/switchUser', {
        token: channel.token,
        body: { user_id: target },
      });
      expect(switched.body).toMatchObject({ code: 0, data: { view_id: target } });
      const after = await call<{
        view_id: number;
        login: string;
        lists: { id: number; account: string }[];
        login_account_source: number;
      }>(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: channel.token });
      expect(after.body.data).toMatchObject({
        view_id: target,
        login: 'customer60',
        login_account_source: 0,
      });
      expect(after.body.data.lists[0]?.account).toBe('customer60');
      expect(after.body.data.lists).toHaveLength(50);
      const base = await call(h().app, 'POST', '/v3/customer/customer/baseInfo', {
        token: channel.token,
        body: {},
      });
      expect(base.body.data).toMatchObject({ login: 'customer60', service_status: 'open' });
      const [event] = await h()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'customer.switchUser'))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      expect(event).toMatchObject({
        target: String(target),
        origin: 'api',
        after: JSON.stringify({ view_id: target }),
      });
    });

    it('switchUser and baseInfo refuse accounts outside the boundary (40302)', async () => {
      const demo = await signIn(h().app, 'demo');
      const [channel] = await h().db.select().from(accounts).where(eq(accounts.login, 'channel'));
      const [customer] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer01'));
      const s = await call(h().app, 'POST', '/v3/customer/customer/switchUser', {
        token: demo.token,
        body: { user_id: customer!.id },
        language: 'en',
      });
      expect(s.body).toMatchObject({ code: 40302, msg: 'You may not view this account.' });
      const b = await call(h().app, 'POST', '/v3/customer/customer/baseInfo', {
        token: demo.token,
        body: { user_id: channel!.id },
      });
      expect(b.body.code).toBe(40302);
      const missing = await call(h().app, 'POST', '/v3/customer/customer/switchUser', {
        token: demo.token,
        body: { user_id: 999999 },
      });
      expect(missing.body.code).toBe(40302);
      const invalidId = await call(h().app, 'POST', '/v3/customer/customer/switchUser', {
        token: demo.token,
        body: { user_id: 'abc' },
      });
      expect(invalidId.body.code).toBe(40001);
      const ch = await signIn(h().app, 'channel');
      const seen = await call(h().app, 'POST', '/v3/customer/customer/baseInfo', {
        token: ch.token,
        body: { user_id: customer!.id },
      });
      expect(seen.body).toMatchObject({ code: 0, data: { login: 'customer01', real_name_verified: true } });
    });

    it('baseInfo describes the active account', async () => {
      const demo = await signIn(h().app, 'demo');
      const { body } = await call(h().app, 'POST', '/v3/customer/customer/baseInfo', { token: demo.token });
      expect(body).toMatchObject({
        code: 0,
        data: {
          login: 'demo',
          kind: 'main',
          real_name: '张三',
          real_name_verified: true,
          mobile: '13800138000',
          balance: '1280.50',
          service_status: 'open',
          login_account_source: 0,
        },
      });
      expect(JSON.stringify(body)).not.toMatch(/password|id_card/i);
    });

    it('update validates mobile and email with the contract rules and records the change', async () => {
      const demo = await signIn(h().app, 'demo');
      const bad = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { mobile: '12345', email: 'not-an-email' },
        language: 'en',
      });
      expect(bad.body).toMatchObject({
        code: 40001,
        msg: 'Please enter a valid 11-digit mobile number.',
        data: {
          issues: [
            { path: 'mobile', message_id: 'account.mobile.invalid' },
            { path: 'email', message_id: 'account.email.invalid' },
          ],
        },
      });
      const good = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { mobile: '13912345678', email: 'ops@example.com', company: 'Demo Co.' },
        headers: { 'user-agent': 'Mozilla/5.0 test' },
      });
      expect(good.body).toMatchObject({
        code: 0,
        data: { mobile: '13912345678', email: 'ops@example.com', company: 'Demo Co.', real_name: '张三' },
      });
      const [event] = await h()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'customer.update')))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      expect(event?.origin).toBe('browser');
      expect(JSON.parse(event!.before!)).toMatchObject({ mobile: '13800138000' });
      expect(JSON.parse(event!.after!)).toMatchObject({ mobile: '13912345678' });
      const tooLong = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { company: 'x'.repeat(101) },
      });
      expect(tooLong.body).toMatchObject({
        code: 40001,
        data: { issues: [{ path: 'company', message_id: 'common.invalid' }] },
      });
    });

    it('auth/lists: the granted menu, groups with their children; add-ons only when subscribed', async () => {
      const demo = await signIn(h().app, 'demo');
      const d = await call<{ lists: { menu_id: number; path: string; parent_id: number }[] }>(
        h().app,
        'GET',
        '/v3/customer/auth/lists',
        { token: demo.token },
      );
      const paths = d.body.data.lists.map((m) => m.path);
      expect(paths).toContain('/cdn/file-sync');
      expect(paths).toContain('/cdn/attack-monitor');
      expect(paths).toContain('/cdn/user/list');
      const ids = new Set(d.body.data.lists.map((m) => m.menu_id));
      for (const m of d.body.data.lists) if (m.parent_id !== 0) expect(ids.has(m.parent_id)).toBe(true);
      const canvas = await signIn(h().app, 'canvas');
      const c = await call<{ lists: { path: string }[] }>(h().app, 'GET', '/v3/customer/auth/lists', {
        token: canvas.token,
      });
      expect(c.body.data.lists.map((m) => m.path)).not.toContain('/cdn/file-sync');
      expect(c.body.data.lists.map((m) => m.path)).toContain('/cdn/domain/list');
      const newbie = await signIn(h().app, 'newbie');
      const n = await call<{ lists: unknown[] }>(h().app, 'GET', '/v3/customer/auth/lists', {
        token: newbie.token,
      });
      expect(n.body).toMatchObject({ code: 0, data: { lists: [] } });
    });

    it('cwn: the cloud-storage link of the active account', async () => {
      const demo = await signIn(h().app, 'demo');
      expect(
        (await call(h().app, 'GET', '/v3/customer/customer/cwn', { token: demo.token })).body.data,
      ).toEqual({
        has_cwn: true,
        cwn_link: 'https://oss.example.com/console',
      });
      const canvas = await signIn(h().app, 'canvas');
      expect(
        (await call(h().app, 'GET', '/v3/customer/customer/cwn', { token: canvas.token })).body.data,
      ).toEqual({ has_cwn: false, cwn_link: '' });
    });
  },
  { customers: 60 },
);
