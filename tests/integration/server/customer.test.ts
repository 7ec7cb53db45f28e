import { and, desc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, auditEvents, channelCustomers, tokens } from '../../../server/db/schema';
import { sha256Hex } from '../../../server/http/crypto';
import { completeRealName, createAccount } from '../../../server/modules/account/service';
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
      expect(msg.body.msg).toBe('Please sign in first.');
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

    it('customer lists filter by service status, the condition search/condition offers', async () => {
      const channel = await signIn(h().app, 'channel');
      const conditions = await call<{ conditions: { key: string; options?: string[] }[] }>(
        h().app,
        'GET',
        '/v3/customer/search/condition',
        { token: channel.token },
      );
      const offered = conditions.body.data.conditions.find((c) => c.key === 'service_status')?.options;
      expect(offered).toEqual(['not_open', 'auditing', 'open']);
      const set = (logins: string[], serviceStatus: 'not_open' | 'auditing' | 'open') =>
        h().db.update(accounts).set({ serviceStatus }).where(inArray(accounts.login, logins));
      await set(['customer07', 'customer17', 'customer31'], 'not_open');
      await set(['customer08'], 'auditing');
      // A sub-user shows its main account's state, whatever its own row says.
      const [parent] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer09'));
      const sub = await createAccount(h().db, {
        login: 'customer09-ops',
        password: 'x-unused-password',
        kind: 'sub',
        parentId: parent!.id,
      });
      const [channelRow] = await h().db.select().from(accounts).where(eq(accounts.login, 'channel'));
      await h().db.insert(channelCustomers).values({ channelId: channelRow!.id, customerId: sub.id });
      try {
        const lists = (body: Record<string, unknown>) =>
          call<{ lists: { account: string; service_status: string }[]; total: number }>(
            h().app,
            'POST',
            '/v3/customer/customer/lists',
            { token: channel.token, body },
          );
        const notOpen = await lists({ service_status: 'not_open' });
        expect(notOpen.body.data.total).toBe(3);
        expect(notOpen.body.data.lists.map((l) => l.account)).toEqual([
          'customer07',
          'customer17',
          'customer31',
        ]);
        expect(notOpen.body.data.lists.every((l) => l.service_status === 'not_open')).toBe(true);
        const auditing = await lists({ service_status: 'auditing' });
        expect(auditing.body.data.lists.map((l) => l.account)).toEqual(['customer08']);
        const withKeyword = await lists({ service_status: 'not_open', keyword: 'customer1' });
        expect(withKeyword.body.data).toMatchObject({ total: 1, lists: [{ account: 'customer17' }] });
        const paged = await lists({ service_status: 'not_open', page: 2, page_size: 2 });
        expect(paged.body.data).toMatchObject({ total: 3, lists: [{ account: 'customer31' }] });
        const open = await lists({ service_status: 'open', page_size: 100 });
        expect(open.body.data.total).toBe(61 - 4 + 1);
        expect(open.body.data.lists.find((l) => l.account === 'customer09-ops')?.service_status).toBe('open');
        await set(['customer09'], 'auditing');
        const subAuditing = await lists({ service_status: 'auditing' });
        expect(subAuditing.body.data.lists.map((l) => [l.account, l.service_status])).toEqual([
          ['customer08', 'auditing'],
          ['customer09', 'auditing'],
          ['customer09-ops', 'auditing'],
        ]);
        expect((await lists({})).body.data.total).toBe(62);
        const bad = await lists({ service_status: 'closed' });
        expect(bad.body).toMatchObject({ code: 40001, data: { issues: [{ path: 'service_status' }] } });
      } finally {
        await set(['customer07', 'customer08', 'customer09', 'customer17', 'customer31'], 'open');
        await h().db.delete(accounts).where(eq(accounts.id, sub.id));
      }
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

    it('update refuses to change the real name of a verified account', async () => {
      const demo = await signIn(h().app, 'demo');
      const changed = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { real_name: '李雷', company: 'Changed Co.' },
        language: 'en',
      });
      expect(changed.body).toMatchObject({
        code: 40001,
        msg: 'The account is real-name verified; the real name cannot be changed.',
        data: { issues: [{ path: 'real_name', message_id: 'account.realName.locked' }] },
      });
      const zh = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { real_name: '李雷' },
      });
      expect(zh.body.msg).toBe('账号已完成实名认证，真实姓名不能修改');
      const [row] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
      expect(row).toMatchObject({ realName: '张三' });
      expect(row?.company).not.toBe('Changed Co.');
      // The same name again is no change: the other fields are saved.
      const same = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: demo.token,
        body: { real_name: '张三', company: 'Same Name Co.' },
      });
      expect(same.body).toMatchObject({ code: 0, data: { real_name: '张三', company: 'Same Name Co.' } });
      // An account not yet verified may still set its name.
      const unverified = await signIn(h().app, 'unverified');
      const set = await call(h().app, 'POST', '/v3/customer/customer/update', {
        token: unverified.token,
        body: { real_name: '韩梅梅' },
      });
      expect(set.body).toMatchObject({ code: 0, data: { real_name: '韩梅梅', real_name_verified: false } });
    });

    it('real-name authentication is gated: two concurrent completions record one change', async () => {
      const account = await createAccount(h().db, { login: 'twice-verified', password: 'x-unused-password' });
      const results = await Promise.all(
        ['甲', '乙'].map((realName) =>
          completeRealName(h().db, account.id, { realName, idCard: '11010519491231002X' }, { origin: 'api' }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const events = await h()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'account.realName')));
      expect(events).toHaveLength(1);
      await expect(
        completeRealName(
          h().db,
          account.id,
          { realName: '丙', idCard: '110105194912310021' },
          { origin: 'api' },
        ),
      ).rejects.toThrow('invalid ID card number');
    });

    it('x-view-account selects the active account of the request, within the boundary', async () => {
      const app = h().app;
      const channel = await signIn(app, 'channel');
      const [customer02] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer02'));
      const [customer03] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer03'));
      const [channelRow] = await h().db.select().from(accounts).where(eq(accounts.login, 'channel'));
      const [demoRow] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
      const info = (headers: Record<string, string> = {}) =>
        call<{ view_id: number; login: string }>(app, 'GET', '/v3/customer/customer/loginInfo', {
          token: channel.token,
          headers,
        });
      // Two tabs of one sign-in, each with its own account.
      const tab2 = await info({ 'x-view-account': String(customer02!.id) });
      expect(tab2.body).toMatchObject({ code: 0, data: { view_id: customer02!.id, login: 'customer02' } });
      const tab3 = await info({ 'x-view-account': String(customer03!.id) });
      expect(tab3.body).toMatchObject({ code: 0, data: { view_id: customer03!.id, login: 'customer03' } });
      const base = await call(app, 'POST', '/v3/customer/customer/baseInfo', {
        token: channel.token,
        body: {},
        headers: { 'x-view-account': String(customer02!.id) },
      });
      expect(base.body.data).toMatchObject({ login: 'customer02' });
      // Without the header: the token's default view (the own account until switchUser).
      expect((await info()).body.data).toMatchObject({ view_id: channelRow!.id, login: 'channel' });
      // An account outside the boundary, or a malformed value: 40302.
      for (const value of [String(demoRow!.id), '999999', 'abc', '-1', '1.5']) {
        const refused = await info({ 'x-view-account': value });
        expect(refused.body.code).toBe(40302);
      }
      const demo = await signIn(app, 'demo');
      const foreign = await call(app, 'GET', '/v3/customer/customer/loginInfo', {
        token: demo.token,
        headers: { 'x-view-account': String(customer02!.id) },
        language: 'en',
      });
      expect(foreign.body).toMatchObject({ code: 40302, msg: 'You may not view this account.' });
      // switchUser still sets the default view for new tabs.
      await call(app, 'POST', '/v3/customer/customer/switchUser', {
        token: channel.token,
        body: { user_id: customer03!.id },
        headers: { 'x-view-account': String(channelRow!.id) },
      });
      expect((await info()).body.data).toMatchObject({ view_id: customer03!.id });
      expect((await info({ 'x-view-account': String(channelRow!.id) })).body.data).toMatchObject({
        view_id: channelRow!.id,
      });
    });

    it('unlinking a channel customer revokes access on the next call', async () => {
      const app = h().app;
      const channel = await signIn(app, 'channel');
      const [channelRow] = await h().db.select().from(accounts).where(eq(accounts.login, 'channel'));
      const [customer] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer04'));
      const switched = await call(app, 'POST', '/v3/customer/customer/switchUser', {
        token: channel.token,
        body: { user_id: customer!.id },
      });
      expect(switched.body.code).toBe(0);
      const byHeader = { 'x-view-account': String(customer!.id) };
      expect(
        (await call(app, 'GET', '/v3/customer/customer/cwn', { token: channel.token, headers: byHeader }))
          .body.code,
      ).toBe(0);
      await h()
        .db.delete(channelCustomers)
        .where(
          and(eq(channelCustomers.channelId, channelRow!.id), eq(channelCustomers.customerId, customer!.id)),
        );
      // A change made beside the calls clears the cache of sign-in checks, as its call would.
      app.authCache.clear();
      // The tab showing the customer is refused at once.
      const tab = await call(app, 'GET', '/v3/customer/customer/cwn', {
        token: channel.token,
        headers: byHeader,
      });
      expect(tab.body.code).toBe(40302);
      // So is the token's default view (a tab without the header) ...
      const defaultView = await call(app, 'GET', '/v3/customer/customer/loginInfo', { token: channel.token });
      expect(defaultView.body.code).toBe(40302);
      // ... which falls back to the own account, so the next call shows it.
      const next = await call<{ view_id: number }>(app, 'GET', '/v3/customer/customer/loginInfo', {
        token: channel.token,
      });
      expect(next.body).toMatchObject({ code: 0, data: { view_id: channelRow!.id } });
      const validate = await call<{ service_status: string }>(app, 'GET', '/account/user/validate', {
        token: channel.token,
      });
      expect(validate.body.code).toBe(0);
      await h().db.insert(channelCustomers).values({ channelId: channelRow!.id, customerId: customer!.id });
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
