import { randomInt, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/contract/users';
import { limits, viewAccountHeader } from '../../../src/contract';
import { auditEvents } from '../../../server/db/schema';
import { auditRow } from '../../../server/modules/audit/service';
import { call, describeServer, postLogin, signIn, type Envelope } from '../../support/server-harness';

interface ListAnswer {
  lists: AuditEntry[];
  total: number;
}

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' };

/**
 * The audit log (spec §2 /cdn/user/audit-log): what was done in the active account, by whom, from
 * where and field by field, newest first, filtered and paged; a main account's function, also as
 * a file (spec §8, §9: at most 2000 rows).
 */
describeServer('audit log', (h) => {
  const password = 'Sub#Pass2026';
  const subLogin = `audit-${randomUUID().slice(0, 6)}`;
  // An address range no demo data holds, written as the server writes it: a group without
  // leading zeros (0x1000–0xffff), or its canonical form would differ from the command's target.
  const net = `2001:db8:${(0x1000 + randomInt(0xf000)).toString(16)}`;
  const cidr = `${net}::/48`;
  let demo: string;
  let demoId: number;
  let subId: number;
  let since: string;

  const list = async (
    token: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    call<ListAnswer>(h().app, 'POST', '/v3/customer/audit/lists', { token, body, headers, language: 'en' });
  const mine = (body: Record<string, unknown> = {}) => list(demo, { start: since, ...body });
  const push = async (name: string, baseVersion: number, payload: Record<string, unknown>) => {
    const { body } = await call<{ results: { code: number }[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token: demo,
      body: {
        actor_id: demoId,
        commands: [
          {
            key: `audit-${randomUUID()}`,
            name,
            aggregate_id: cidr,
            base_version: baseVersion,
            schema_version: 1,
            payload,
            origin: 'replay',
          },
        ],
      },
    });
    expect(body.data.results[0]?.code, JSON.stringify(body)).toBe(0);
  };
  const exportFile = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h().app.inject({
      method: 'POST',
      url: '/v3/customer/audit/export',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: body,
    });

  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    const info = await call<{ user_id: number }>(h().app, 'GET', '/v3/customer/customer/loginInfo', {
      token: demo,
    });
    demoId = info.body.data.user_id;
    // The demo's history (seeded) and its sign-in lie before this; the test's own actions after it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    since = new Date().toISOString();
    const made = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: demo,
      headers: browser,
      body: { login: subLogin, password, confirm_password: password, real_name: 'Auditor', menu_ids: [201] },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    subId = made.body.data.user.id;
    const updated = await call(h().app, 'POST', '/v3/customer/customer/update', {
      token: demo,
      body: { mobile: '13900139000', company: 'Demo Audit Co.' },
    });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    await push('ipBan.ban', 0, { cidr, reason: 'scan', expires_at: null });
    await push('ipBan.update', 1, { cidr, reason: 'crawler', expires_at: null });
  });

  it('lists what was done, newest first, with actor, account, source, address and field changes', async () => {
    const { body } = await mine();
    expect(body.code, JSON.stringify(body)).toBe(0);
    const actions = body.data.lists.map((e) => e.action);
    expect(actions.slice(0, 4)).toEqual(['ipBan.update', 'ipBan.ban', 'customer.update', 'childAdd']);
    const times = body.data.lists.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const entry of body.data.lists) {
      expect(entry.actor).toEqual({ id: demoId, login: 'demo' });
      expect(entry.account).toEqual({ id: demoId, login: 'demo' });
    }

    const [update, ban, contacts, added] = body.data.lists;
    expect(update).toMatchObject({ target: cidr, source: 'replay' });
    // Only the fields that changed, before → after.
    expect(update!.changes).toEqual([{ field: 'reason', before: 'scan', after: 'crawler' }]);
    // A creation: every field new, nothing before.
    expect(ban!.changes.find((c) => c.field === 'reason')).toEqual({ field: 'reason', after: 'scan' });
    expect(ban!.changes.every((c) => c.before === undefined)).toBe(true);
    expect(contacts).toMatchObject({ target: 'demo', source: 'api' });
    expect(contacts!.changes.map((c) => c.field).sort()).toEqual(['company', 'mobile']);
    expect(contacts!.changes.find((c) => c.field === 'mobile')?.after).toBe('13900139000');
    expect(added).toMatchObject({ target: subLogin, source: 'browser' });
    expect(added!.ip).not.toBe('');
    expect(added!.changes).toContainEqual({ field: 'real_name', after: 'Auditor' });
  });

  it('filters by keyword, actor, action, source and time, and pages', async () => {
    const keyword = (await mine({ keyword: net.toUpperCase() })).body.data;
    expect(keyword.lists.map((e) => e.action)).toEqual(['ipBan.update', 'ipBan.ban']);
    // The keyword matches the action's name too, in any case.
    expect((await mine({ keyword: 'CUSTOMER.UP' })).body.data.lists.map((e) => e.action)).toEqual([
      'customer.update',
    ]);
    // LIKE's own characters are taken as they are.
    expect((await mine({ keyword: '%' })).body.data.total).toBe(0);
    expect((await mine({ action: 'childAdd' })).body.data.lists.map((e) => e.target)).toEqual([subLogin]);
    expect((await mine({ source: 'replay' })).body.data.total).toBe(2);
    expect((await mine({ source: 'operator' })).body.data.total).toBe(0);
    expect((await mine({ actor_id: demoId })).body.data.total).toBeGreaterThanOrEqual(4);
    expect((await mine({ actor_id: subId })).body.data.total).toBe(0);
    expect((await mine({ end: since })).body.data.total).toBe(0);

    const whole = (await mine()).body.data;
    const first = (await mine({ page: 1, page_size: 2 })).body.data;
    const second = (await mine({ page: 2, page_size: 2 })).body.data;
    expect(first.total).toBe(whole.total);
    expect(first.lists.map((e) => e.id)).toEqual(whole.lists.slice(0, 2).map((e) => e.id));
    expect(second.lists.map((e) => e.id)).toEqual(whole.lists.slice(2, 4).map((e) => e.id));
    // The seeded history is there too, before the test's own.
    const all = (await list(demo, { page_size: 100 })).body.data;
    expect(all.total).toBeGreaterThan(whole.total);
  });

  it('names an account that no longer exists by its id, and keeps its entries', async () => {
    // Its sign-in is recorded in the main account, where it acts.
    expect((await postLogin(h().app, subLogin, password)).statusCode).toBe(303);
    const deleted = await call(h().app, 'POST', '/v3/customer/customer/childDelete', {
      token: demo,
      body: { user_id: subId },
    });
    expect(deleted.body.code).toBe(0);
    const { body } = await mine({ actor_id: subId });
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.lists[0]!.action).toBe('signIn');
    expect(body.data.lists[0]!.actor).toEqual({ id: subId, login: `#${subId}` });
    expect(body.data.lists[0]!.account).toEqual({ id: demoId, login: 'demo' });
  });

  it('shows none of it to another account, and refuses sub-accounts (40301)', async () => {
    const { token: other } = await signIn(h().app, 'channel');
    const theirs = (await list(other, { page_size: 100 })).body;
    expect(theirs.code).toBe(0);
    expect(theirs.data.lists.some((e) => e.account.id === demoId || e.target === cidr)).toBe(false);
    // Nor by naming the demo as the active account.
    const crossing = await list(other, {}, { [viewAccountHeader]: String(demoId) });
    expect(crossing.body.code).toBe(40302);

    const { token: analyst } = await signIn(h().app, 'demo-analyst');
    const refused = await list(analyst);
    expect(refused.body.code).toBe(40301);
    const file = await exportFile(analyst, { format: 'csv' });
    expect((file.json() as Envelope).code).toBe(40301);
    const anonymous = await h().app.inject({
      method: 'POST',
      url: '/v3/customer/audit/export',
      payload: { format: 'csv' },
    });
    expect((anonymous.json() as Envelope).code).toBe(44);
  });

  it('shows the account acted in when a channel acts for its customer', async () => {
    const { token: channel } = await signIn(h().app, 'channel');
    const customers = await call<{ lists: { id: number; account: string }[] }>(
      h().app,
      'POST',
      '/v3/customer/customer/viewLists',
      { token: channel },
    );
    const customer = customers.body.data.lists.find((c) => c.account !== 'channel');
    expect(customer).toBeDefined();
    const header = { [viewAccountHeader]: String(customer!.id) };
    const updated = await call(h().app, 'POST', '/v3/customer/customer/update', {
      token: channel,
      headers: header,
      body: { company: 'Acted for' },
    });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    const { body } = await list(channel, { action: 'customer.update' }, header);
    expect(body.code, JSON.stringify(body)).toBe(0);
    expect(body.data.lists[0]).toMatchObject({
      actor: { login: 'channel' },
      account: { id: customer!.id, login: customer!.account },
    });
  });

  it('exports the filtered entries as an Excel workbook and as CSV, in the language asked for', async () => {
    const response = await exportFile(demo, { start: since, format: 'xlsx', language: 'en_US' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(
      /attachment; filename="audit-log-.*\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]).toEqual([
      'Time (UTC+8)',
      'Performed by',
      'Account',
      'Source',
      'Action',
      'Object',
      'IP address',
      'Changes',
    ]);
    const listed = (await mine({ page_size: 100 })).body.data;
    expect(rows).toHaveLength(listed.total + 1);
    const banRow = rows.find((r) => r[5] === cidr && r[4] === 'Changed an IP ban');
    expect(banRow).toBeDefined();
    expect(banRow![1]).toBe('demo');
    expect(banRow![3]).toBe('Console (synced later)');
    expect(banRow![7]).toBe('reason: scan → crawler');
    expect(rows.some((r) => r[4] === 'Created a sub-account' && r[5] === subLogin)).toBe(true);

    const csv = await exportFile(demo, { start: since, action: 'ipBan.update', format: 'csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间（UTC+8）,操作人,所属账号,来源,操作,操作对象,IP 地址,变更内容');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},demo,demo,控制台（稍后同步）,修改 IP 封禁,/,
    );
    expect(lines[1]).toContain(`,${cidr},`);

    // spec §8: nothing to export says so.
    const empty = await exportFile(
      demo,
      { keyword: 'nothing-matches-this', format: 'xlsx' },
      { 'accept-language': 'en' },
    );
    expect(empty.json()).toMatchObject({ code: 40401, msg: 'No data to export' });
  });

  it('exports the newest 2000 entries when more match (spec §8, §9)', async () => {
    // 2005 entries of one target, written as appendAudit writes them, a second apart.
    const target = `cap-${randomUUID().slice(0, 8)}`;
    const start = Date.parse(since) + 60_000;
    const rows = Array.from({ length: limits.exportRowsMax + 5 }, (_, i) =>
      auditRow({
        accountId: demoId,
        actorId: demoId,
        action: 'tokenDelete',
        target: `${target}-${String(i).padStart(4, '0')}`,
        origin: 'api',
        at: new Date(start + i * 1000),
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await h()
        .db.insert(auditEvents)
        .values(rows.slice(i, i + 500));
    expect((await mine({ keyword: target })).body.data.total).toBe(limits.exportRowsMax + 5);

    const csv = await exportFile(demo, { start: since, keyword: target, format: 'csv', language: 'en_US' });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(limits.exportRowsMax + 1);
    // Newest first: the five oldest are the ones left out.
    expect(lines[1]).toContain(`${target}-${String(limits.exportRowsMax + 4).padStart(4, '0')}`);
    expect(lines.at(-1)).toContain(`${target}-0005`);
    expect(csv.body).not.toContain(`${target}-0004`);
  });

  it('describes the export in the OpenAPI document', async () => {
    const doc = (await h().app.inject({ method: 'GET', url: '/v3/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
    };
    const operation = doc.paths['/v3/customer/audit/export']?.post;
    expect(operation).toMatchObject({ tags: ['audit'], security: [{ bearerAuth: [] }] });
    expect(operation?.summary).toMatch(/2000/);
  });
});
