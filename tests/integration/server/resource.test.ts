import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { Code, limits } from '../../../src/contract';
import type { ResourceQuota } from '../../../src/contract/resource';
import { origin } from '../../support/domain-rule-table';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * Resource quota (spec §2 /cdn/resource-config): what the account uses of each quota, counted as
 * the rule that enforces it counts, and the domain quota enforced on creation and copy.
 */
describeServer('resource quota', (h) => {
  let token = '';
  const quota = async (as = token) =>
    (await call<ResourceQuota>(h().app, 'GET', '/v3/resource/quota/detail', { token: as })).body;
  const used = (q: ResourceQuota, kind: string) => q.resources.find((r) => r.kind === kind)?.used;
  const post = (path: string, body: unknown) =>
    call(h().app, 'POST', path, {
      token,
      body,
      language: 'en',
      headers: { 'idempotency-key': `resource-${randomUUID()}` },
    }).then((r) => r.body);
  let serial = 0;
  const newDomain = () => ({
    id: randomUUID(),
    domain: `quota-${++serial}.resource-test.com`,
    service_type: 'web',
    area: '1',
    business_type: 'web',
    origins: [origin()],
    group_id: null,
  });

  beforeAll(async () => {
    ({ token } = await signIn(h().app, 'customer01'));
  });

  it('counts every resource of the account against its quota', async () => {
    const before = await quota();
    expect(before.code).toBe(Code.ok);
    expect(before.data.resources.map((r) => [r.kind, r.max])).toEqual([
      ['domains', limits.domain.perAccount],
      ['domainGroups', limits.domain.groupsMax],
      ['certificates', 2000],
      ['ipBans', limits.ipBan.entriesMax],
      ['subAccounts', limits.subAccountsMax],
      ['tokens', limits.tokensMax],
    ]);
    expect(before.data.content).toMatchObject({ url: { per_day: 1000 }, dir: { per_day: 100 } });

    expect((await post('/v3/domain/domain/add', newDomain())).code).toBe(Code.ok);
    const group = await post('/v3/domain/group/add', { id: randomUUID(), name: 'quota-group' });
    expect(group.code).toBe(Code.ok);
    const made = await call(h().app, 'POST', '/v3/customer/token/create', {
      token,
      body: { user_id: (await findAccountByLogin(h().db, 'customer01'))!.id, remark: 'quota' },
    });
    expect(made.body.code).toBe(Code.ok);

    const after = (await quota()).data;
    expect(used(after, 'domains')).toBe(used(before.data, 'domains')! + 1);
    expect(used(after, 'domainGroups')).toBe(used(before.data, 'domainGroups')! + 1);
    expect(used(after, 'tokens')).toBe(used(before.data, 'tokens')! + 1);
  });

  it('refuses a new or copied domain once the account holds its quota, and takes one after a deletion', async () => {
    const account = (await findAccountByLogin(h().db, 'customer01'))!;
    const held = used((await quota()).data, 'domains')!;
    const source = newDomain();
    expect((await post('/v3/domain/domain/add', source)).code).toBe(Code.ok);
    // Fill the account up to one short of its quota, then take the last place.
    const missing = limits.domain.perAccount - held - 2;
    await h().db.execute(sql`
      insert into domains (account_id, id, name, service_type, area, business_type, status, cname, origins, created_by, updated_by)
      select ${account.id}, 'filler-' || n, 'filler-' || n || '.resource-test.com', 'web', '1', 'web', 'active',
        'filler-' || n || '.cdn.test', '[]'::jsonb, ${account.id}, ${account.id}
      from generate_series(1, ${missing}) as n`);
    expect(used((await quota()).data, 'domains')).toBe(limits.domain.perAccount - 1);
    expect((await post('/v3/domain/domain/add', newDomain())).code).toBe(Code.ok);

    const refused = await post('/v3/domain/domain/add', newDomain());
    expect(refused.code).toBe(Code.limitReached);
    expect(refused.msg).toBe(
      `An account holds at most ${limits.domain.perAccount.toLocaleString('en-US')} domains. To add more, please contact your account manager.`,
    );
    const copy = await post('/v3/domain/domain/copy', {
      ...newDomain(),
      source_id: source.id,
      copy_id: randomUUID(),
      contents: ['basic', 'origin'],
    });
    expect(copy.code).toBe(Code.limitReached);

    await h().db.execute(
      sql`update domains set status = 'deleted' where account_id = ${account.id} and id = 'filler-1'`,
    );
    expect((await post('/v3/domain/domain/add', newDomain())).code).toBe(Code.ok);
  });
});
