import { beforeAll, expect, it } from 'vitest';
import type { TrafficPackage } from '../../../src/contract/traffic-package';
import { trafficGeo1h } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { countUsage } from '../../../server/modules/traffic-package/service';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

const gb = 1e9;
const hour = 3_600_000;
const day = 24 * hour;

/**
 * Traffic packages (spec §2 /cdn/traffic-package, §9): granted by the operator, used up hour by
 * hour from the regional rollup (the package of the flow's area expiring first, then a global
 * one), each hour counted once; not counted under bandwidth billing; expiring soon under 5 days.
 */
describeServer('traffic packages', (h) => {
  let token: string;
  let accountId: number;
  const operator = (body: Record<string, unknown>) =>
    call<{ lists: TrafficPackage[]; billing_mode: string }>(h().app, 'POST', '/operator/package', {
      headers: { 'x-operator-key': operatorKey },
      body,
    });
  const list = async () =>
    (
      await call<{ lists: TrafficPackage[]; billing_mode: string; usage_until: string | null }>(
        h().app,
        'GET',
        '/v3/package/traffic/lists',
        { token },
      )
    ).body;
  /** UTC+8 day `offset` days from today, as the operator types it. */
  const dayOf = (offset: number) => new Date(Date.now() + 8 * hour + offset * day).toISOString().slice(0, 10);
  const flow = (at: Date, region: string, bytes: number) =>
    h()
      .db.insert(trafficGeo1h)
      .values({
        accountId,
        domainId: `d-${region}`,
        at,
        region,
        carrier: 'telecom',
        requests: 1,
        bytes,
        hitRequests: 0,
        hitBytes: 0,
      });

  beforeAll(async () => {
    ({ token } = await signIn(h().app, 'customer01'));
    accountId = (await findAccountByLogin(h().db, 'customer01'))!.id;
  });

  it('lists what the operator grants, with its state and "expiring soon" under 5 days', async () => {
    expect((await list()).data).toMatchObject({ lists: [], billing_mode: 'flow', usage_until: null });
    for (const [size, region, effective, days] of [
      ['10GB', 'mainland', dayOf(-2), 6],
      ['5GB', 'global', dayOf(-2), 30],
      ['1TB', 'overseas', dayOf(3), 30],
      ['1GB', 'mainland', dayOf(-40), 30],
    ] as const)
      expect(
        (await operator({ action: 'grant', login: 'customer01', size, region, days, effective })).body.code,
      ).toBe(0);
    const { lists } = (await list()).data;
    const byTotal = new Map(lists.map((p) => [p.total_bytes, p]));
    expect(byTotal.get(10 * gb)).toMatchObject({ status: 'active', expiring_soon: true, region: 'mainland' });
    expect(byTotal.get(5 * gb)).toMatchObject({ status: 'active', expiring_soon: false });
    expect(byTotal.get(1000 * gb)).toMatchObject({ status: 'notEffective' });
    expect(byTotal.get(1 * gb)).toMatchObject({ status: 'expired' });
    expect(
      (await operator({ action: 'grant', login: 'customer01', size: '10XB', region: 'mainland', days: 1 }))
        .body.code,
    ).toBe(40001);
    expect((await operator({ action: 'list', login: 'nobody' })).body.code).toBe(40401);
  });

  it('uses the package of the area first, then the global one, each hour once', async () => {
    const yesterday = new Date(Math.floor((Date.now() - day) / hour) * hour);
    await flow(yesterday, 'GD', 6 * gb);
    await flow(yesterday, 'overseas', 1 * gb);
    await flow(new Date(yesterday.getTime() + hour), 'BJ', 6 * gb);
    expect(await countUsage(h().db, accountId, new Date())).toBeGreaterThan(0);
    const used = async () => new Map((await list()).data.lists.map((p) => [p.total_bytes, p.used_bytes]));
    let byTotal = await used();
    expect(byTotal.get(10 * gb)).toBe(10 * gb);
    expect(byTotal.get(5 * gb)).toBe(3 * gb);
    expect(byTotal.get(1000 * gb)).toBe(0);
    expect((await list()).data.lists.find((p) => p.total_bytes === 10 * gb)?.status).toBe('usedUp');
    // Counted hours are not counted again; a later hour is.
    expect(await countUsage(h().db, accountId, new Date())).toBe(0);
    // Flow added to an hour already counted is not counted; the current hour is, once it is over.
    await flow(new Date(yesterday.getTime() + 2 * hour), 'SH', 7 * gb);
    const current = new Date(Math.floor(Date.now() / hour) * hour);
    await flow(current, 'SH', 1 * gb);
    expect(
      await countUsage(h().db, accountId, new Date(current.getTime() + 2 * hour)),
    ).toBeGreaterThanOrEqual(1);
    byTotal = await used();
    expect(byTotal.get(5 * gb)).toBe(4 * gb);
    expect((await list()).data.usage_until).not.toBeNull();
  });

  it('counts nothing under bandwidth billing, which the list says', async () => {
    expect((await operator({ action: 'billing', login: 'customer01', mode: 'bandwidth' })).body.code).toBe(0);
    expect(await countUsage(h().db, accountId, new Date(Date.now() + 5 * hour))).toBe(0);
    expect((await list()).data.billing_mode).toBe('bandwidth');
    const analyst = (await signIn(h().app, 'demo-analyst')).token;
    expect((await call(h().app, 'GET', '/v3/package/traffic/lists', { token: analyst })).body.code).toBe(
      40301,
    );
  });
});
