import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountMenus, accounts, auditEvents, serviceApplications } from '../../../server/db/schema';
import {
  completeRealName,
  createAccount,
  linkChannelCustomers,
} from '../../../server/modules/account/service';
import {
  applyForService,
  approveApplication,
  pendingApplications,
} from '../../../server/modules/product/service';
import {
  call,
  demoPassword,
  describeServer,
  headerInfo,
  operatorKey,
  signIn,
} from '../../support/server-harness';

const body = { agreement: true, mode: 'flow', is_overseas: 1, product: 'cdn' };
const open = '/api/customer/product/productopen';

describeServer('opening the service', (h) => {
  it('needs the header info of this sign-in (40101)', async () => {
    const newbie = await signIn(h().app, 'newbie');
    const none = await call(h().app, 'POST', open, { token: newbie.token, body });
    expect(none.body).toMatchObject({ code: 40101, data: { url: '/portal/login?redirect_uri=%2F' } });
    const other = await signIn(h().app, 'newbie');
    const foreign = await call(h().app, 'POST', open, {
      token: newbie.token,
      body,
      headers: headerInfo(other),
    });
    expect(foreign.body.code).toBe(40101);
  });

  it('refuses an account without real-name authentication (11000608)', async () => {
    const s = await signIn(h().app, 'unverified');
    expect(s.viewCode).toBe(604);
    const { body: answer } = await call(h().app, 'POST', open, {
      token: s.token,
      body,
      headers: headerInfo(s),
      language: 'en',
    });
    expect(answer).toMatchObject({
      code: 11000608,
      msg: 'Your account is not real-name verified. Verify now?',
    });
  });

  it("tells a channel account that only the customer's holder can do the real-name authentication", async () => {
    const [channel] = await h().db.select().from(accounts).where(eq(accounts.login, 'channel'));
    const customer = await createAccount(h().db, { login: 'customer-unverified', password: demoPassword });
    await linkChannelCustomers(h().db, channel!.id, [customer.id]);
    const s = await signIn(h().app, 'channel');
    const { body: answer } = await call(h().app, 'POST', open, {
      token: s.token,
      body,
      headers: { ...headerInfo(s), 'x-view-account': String(customer.id) },
      language: 'en',
    });
    expect(answer).toEqual({
      code: 11000608,
      msg: 'This customer account is not real-name verified yet. Its holder must sign in and complete the real-name authentication before the service can be opened.',
      data: { account: 'customer-unverified', holder_must_verify: true },
    });
    const applications = await h()
      .db.select()
      .from(serviceApplications)
      .where(eq(serviceApplications.accountId, customer.id));
    expect(applications).toHaveLength(0);
  });

  it('refuses a sub-account: only a main account applies (40301)', async () => {
    const [newbie] = await h().db.select().from(accounts).where(eq(accounts.login, 'newbie'));
    const sub = await createAccount(h().db, {
      login: 'newbie-ops',
      password: demoPassword,
      kind: 'sub',
      parentId: newbie!.id,
    });
    await completeRealName(
      h().db,
      sub.id,
      { realName: '子账号', idCard: '11010519491231002X' },
      { origin: 'operator' },
    );
    const s = await signIn(h().app, 'newbie-ops');
    expect(s.viewCode).toBe(604);
    const en = await call(h().app, 'POST', open, {
      token: s.token,
      body,
      headers: headerInfo(s),
      language: 'en',
    });
    expect(en.body).toEqual({
      code: 40301,
      msg: 'Only a main account can apply to open the CDN service. Please ask the main account.',
      data: {},
    });
    const zh = await call(h().app, 'POST', open, { token: s.token, body, headers: headerInfo(s) });
    expect(zh.body.msg).toBe('仅主账号可以申请开通 CDN 服务，请联系主账号管理员');
    // Nothing was applied for, neither for the sub-account nor for its main account.
    const applications = await h()
      .db.select()
      .from(serviceApplications)
      .where(inArray(serviceApplications.accountId, [sub.id, newbie!.id]));
    expect(applications).toHaveLength(0);
    const [after] = await h().db.select().from(accounts).where(eq(accounts.id, newbie!.id));
    expect(after?.serviceStatus).toBe('not_open');
  });

  it('validates the application (40001)', async () => {
    const s = await signIn(h().app, 'newbie');
    const bad = await call(h().app, 'POST', open, {
      token: s.token,
      body: { ...body, is_overseas: 2 },
      headers: headerInfo(s),
    });
    expect(bad.body).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'is_overseas', message_id: 'openService.area.unsupported' }] },
    });
    // spec §5: the agreement is asked for by the server too, missing or not ticked.
    for (const agreement of [undefined, false]) {
      const unticked = await call(h().app, 'POST', open, {
        token: s.token,
        body: { ...body, agreement },
        headers: headerInfo(s),
        language: 'en',
      });
      expect(unticked.body).toMatchObject({
        code: 40001,
        msg: 'Please tick "I have read and agree to all of the CDN Service Agreement"',
        data: { issues: [{ path: 'agreement', message_id: 'openService.agreement.required' }] },
      });
    }
    const [still] = await h().db.select().from(accounts).where(eq(accounts.login, 'newbie'));
    expect(still?.serviceStatus).toBe('not_open');
  });

  it('records an application under review, idempotently, then the operator approves it', async () => {
    const s = await signIn(h().app, 'newbie');
    const first = await call(h().app, 'POST', open, {
      token: s.token,
      body,
      headers: headerInfo(s),
      language: 'en',
    });
    expect(first.body).toMatchObject({
      code: 0,
      msg: 'Your application has been submitted, please wait patiently for review',
      data: { service_status: 'auditing' },
    });
    const again = await call(h().app, 'POST', open, { token: s.token, body, headers: headerInfo(s) });
    expect(again.body).toMatchObject({ code: 0, data: { service_status: 'auditing' } });
    const [newbie] = await h().db.select().from(accounts).where(eq(accounts.login, 'newbie'));
    const apps = await h()
      .db.select()
      .from(serviceApplications)
      .where(eq(serviceApplications.accountId, newbie!.id));
    expect(apps).toHaveLength(1);
    expect((await call(h().app, 'GET', '/account/user/validate', { token: s.token })).body).toMatchObject({
      code: 44,
      data: { service_status: 'auditing' },
    });
    expect((await pendingApplications(h().db)).map((p) => p.login)).toEqual(['newbie']);

    const listed = await h().app.inject({
      method: 'GET',
      url: '/operator/pending',
      headers: { 'x-operator-key': operatorKey },
    });
    expect(listed.json()).toMatchObject({ code: 0, data: { lists: [{ login: 'newbie', product: 'cdn' }] } });
    const noKey = await h().app.inject({
      method: 'POST',
      url: '/operator/approve',
      payload: { login: 'newbie' },
    });
    expect(noKey.json()).toMatchObject({ code: 40301 });
    const wrongKey = await h().app.inject({
      method: 'POST',
      url: '/operator/approve',
      payload: { login: 'newbie' },
      headers: { 'x-operator-key': 'wrong' },
    });
    expect(wrongKey.json()).toMatchObject({ code: 40301 });
    expect((await pendingApplications(h().db)).map((p) => p.login)).toEqual(['newbie']);
    const approved = await h().app.inject({
      method: 'POST',
      url: '/operator/approve',
      payload: { login: 'newbie' },
      headers: { 'x-operator-key': operatorKey },
    });
    expect(approved.json()).toMatchObject({ code: 0, data: { login: 'newbie', service_status: 'open' } });
    const twice = await h().app.inject({
      method: 'POST',
      url: '/operator/approve',
      payload: { login: 'newbie' },
      headers: { 'x-operator-key': operatorKey, 'accept-language': 'en' },
    });
    expect(twice.json()).toMatchObject({
      code: 40401,
      msg: 'This account has no application awaiting review.',
    });
    const unknown = await h().app.inject({
      method: 'POST',
      url: '/operator/approve',
      payload: { login: 'ghost' },
      headers: { 'x-operator-key': operatorKey, 'accept-language': 'en' },
    });
    expect(unknown.json()).toMatchObject({ code: 40401, msg: 'No such account.' });

    expect((await call(h().app, 'GET', '/account/user/validate', { token: s.token })).body).toMatchObject({
      code: 0,
      data: { service_status: 'open' },
    });
    const menu = await call<{ lists: { path: string }[] }>(h().app, 'GET', '/v3/customer/auth/lists', {
      token: s.token,
    });
    expect(menu.body.data.lists.map((m) => m.path)).toContain('/cdn/dashboard');
    expect(menu.body.data.lists.map((m) => m.path)).not.toContain('/cdn/file-sync');
    const [event] = await h()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'product.approve'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ accountId: newbie!.id, origin: 'operator' });
    const applyEvent = await h().db.select().from(auditEvents).where(eq(auditEvents.action, 'product.apply'));
    expect(applyEvent.some((e) => e.accountId === newbie!.id)).toBe(true);

    // Already open.
    const opened = await call(h().app, 'POST', open, { token: s.token, body, headers: headerInfo(s) });
    expect(opened.body.code).toBe(40901);
  });

  it('approves at once with AUTO_APPROVE=1', async () => {
    const app = await h().appWith({ autoApprove: true });
    await h().db.update(accounts).set({ realNameVerified: true }).where(eq(accounts.login, 'unverified'));
    const s = await signIn(app, 'unverified');
    const answer = await call(app, 'POST', open, {
      token: s.token,
      body,
      headers: headerInfo(s),
      language: 'en',
    });
    expect(answer.body).toMatchObject({
      code: 0,
      msg: 'Service opened successfully!',
      data: { service_status: 'open' },
    });
    expect((await call(app, 'GET', '/v3/overview/overview/cdntype', { token: s.token })).body.code).toBe(0);
  });

  const freshVerified = async (login: string) => {
    const account = await createAccount(h().db, { login, password: demoPassword });
    await completeRealName(
      h().db,
      account.id,
      { realName: '测试', idCard: '11010519491231002X' },
      { origin: 'operator' },
    );
    return { ...account, realNameVerified: true };
  };

  it('two concurrent applications record one application (one transaction, gated)', async () => {
    const account = await freshVerified('race-apply');
    const s = await signIn(h().app, 'race-apply');
    const answers = await Promise.all(
      [1, 2].map(() => call(h().app, 'POST', open, { token: s.token, body, headers: headerInfo(s) })),
    );
    for (const a of answers) expect(a.body).toMatchObject({ code: 0, data: { service_status: 'auditing' } });
    const rows = await h()
      .db.select()
      .from(serviceApplications)
      .where(eq(serviceApplications.accountId, account.id));
    expect(rows).toHaveLength(1);
    const events = await h()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'product.apply')));
    expect(events).toHaveLength(1);
  });

  it('with AUTO_APPROVE both concurrent callers get open, with one application', async () => {
    const app = await h().appWith({ autoApprove: true });
    const account = await freshVerified('race-auto');
    const s = await signIn(app, 'race-auto');
    const answers = await Promise.all(
      [1, 2].map(() => call(app, 'POST', open, { token: s.token, body, headers: headerInfo(s) })),
    );
    for (const a of answers) expect(a.body).toMatchObject({ code: 0, data: { service_status: 'open' } });
    const rows = await h()
      .db.select()
      .from(serviceApplications)
      .where(eq(serviceApplications.accountId, account.id));
    expect(rows).toMatchObject([{ status: 'approved' }]);
    // The same request again from this sign-in keeps its answer; another sign-in learns it is open.
    const retry = await call(app, 'POST', open, { token: s.token, body, headers: headerInfo(s) });
    expect(retry.body).toMatchObject({ code: 0, data: { service_status: 'open' } });
    const other = await signIn(app, 'race-auto');
    const again = await call(app, 'POST', open, { token: other.token, body, headers: headerInfo(other) });
    expect(again.body.code).toBe(40901);
    const approvals = await h()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'product.approve')));
    expect(approvals).toHaveLength(1);
  });

  it('an application that fails part-way leaves nothing behind', async () => {
    const account = await freshVerified('rollback');
    // The audit insert fails (a constraint added for the test): the status and the application roll back.
    await h().db.execute(
      sql`alter table audit_events add constraint audit_no_apply check (action <> 'product.apply') not valid`,
    );
    try {
      await expect(
        applyForService(h().db, account, body, { origin: 'api', autoApprove: false }),
      ).rejects.toThrow(/audit_no_apply|Failed query/);
    } finally {
      await h().db.execute(sql`alter table audit_events drop constraint audit_no_apply`);
    }
    const [row] = await h().db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.serviceStatus).toBe('not_open');
    expect(
      await h().db.select().from(serviceApplications).where(eq(serviceApplications.accountId, account.id)),
    ).toHaveLength(0);
    // The operator's approval is all or nothing too: a failing audit insert keeps the application pending.
    await applyForService(h().db, account, body, { origin: 'api', autoApprove: false });
    await h().db.execute(
      sql`alter table audit_events add constraint audit_no_approve check (action <> 'product.approve') not valid`,
    );
    try {
      await expect(approveApplication(h().db, 'rollback', { origin: 'operator' })).rejects.toThrow(
        /audit_no_approve|Failed query/,
      );
    } finally {
      await h().db.execute(sql`alter table audit_events drop constraint audit_no_approve`);
    }
    const [after] = await h().db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after?.serviceStatus).toBe('auditing');
    expect(
      await h().db.select().from(serviceApplications).where(eq(serviceApplications.accountId, account.id)),
    ).toMatchObject([{ status: 'pending' }]);
    expect(
      await h().db.select().from(accountMenus).where(eq(accountMenus.accountId, account.id)),
    ).toHaveLength(0);
  });

  it('the operator service refuses unknown logins and accounts with nothing pending', async () => {
    await expect(approveApplication(h().db, 'ghost', { origin: 'operator' })).rejects.toMatchObject({
      code: 40401,
      messageId: 'operator.unknownLogin',
    });
    await expect(approveApplication(h().db, 'demo', { origin: 'operator' })).rejects.toMatchObject({
      code: 40401,
      messageId: 'operator.nothingPending',
    });
  });
});
