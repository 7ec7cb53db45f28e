import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { BillingSummary, BillingType } from '../../../src/contract/traffic-package';

import { traffic5m } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { allDomains, zeroPoint } from '../../../server/modules/traffic/aggregate';
import { rowsOf } from '../../../server/modules/traffic/store';
import { dataScopeOf } from '../../../server/modules/user/scope';
import { billingSummary, setBillingMode } from '../../../server/modules/traffic-package/service';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

const minute = 60_000;
const hour = 60 * minute;
/** 3 March 2025, 12:00 in UTC+8: the month billed so far is 1 March 00:00 to then, 720 points. */
const now = new Date('2025-03-03T12:00:00+08:00');
const at = (day: number, time: string) => new Date(`2025-03-0${day}T${time}:00+08:00`);
/** A row of the 5-minute rollup with these sums, the others 0. */
const point = (
  accountId: number,
  domainId: string,
  at: Date,
  sums: { requests: number; bytes: number; pv: number },
) => ({ accountId, domainId, at, ...zeroPoint(), ...sums });
/** The bytes of a 5-minute point of `bps` bits per second. */
const bytesOf = (bps: number) => (bps * 300) / 8;

/**
 * Billing (spec §2 dashboard "current-month billing value", §9 billing modes and types): the
 * operator sets an account's mode and type; the month's billed quantity follows the type, from the
 * 5-minute points of the month in UTC+8; a sub-account's figure is of its granted domains.
 */
describeServer('billing', (h) => {
  let accountId: number;
  const operator = (body: Record<string, unknown>) =>
    call<{ billing_mode: string; billing_type: string }>(h().app, 'POST', '/operator/package', {
      headers: { 'x-operator-key': operatorKey },
      body,
    });

  beforeAll(async () => {
    accountId = (await findAccountByLogin(h().db, 'customer02'))!.id;
    // 1 March: 10 bps all day but 100 at 00:00 and 50 at 00:05; 2 March: 200 at 10:00;
    // 3 March (to 12:00): 70 at 09:00 and 30 at 11:55. Every other point is 0.
    const points = new Map<number, number>();
    for (let t = at(1, '00:00').getTime(); t < at(2, '00:00').getTime(); t += 5 * minute) points.set(t, 10);
    for (const [time, bps] of [
      [at(1, '00:00'), 100],
      [at(1, '00:05'), 50],
      [at(2, '10:00'), 200],
      [at(3, '09:00'), 70],
      [at(3, '11:55'), 30],
    ] as const)
      points.set(time.getTime(), bps);
    // After `now`, and in February: not this month's so far.
    points.set(at(3, '12:00').getTime(), 5000);
    points.set(new Date('2025-02-28T23:55:00+08:00').getTime(), 5000);
    await h()
      .db.insert(traffic5m)
      .values(
        [...points].map(([time, bps]) =>
          point(accountId, allDomains, new Date(time), { requests: bps, bytes: bytesOf(bps), pv: 2 * bps }),
        ),
      );
  });

  const summaryOf = async (mode: 'flow' | 'bandwidth' | 'requests', type?: BillingType) => {
    await setBillingMode(h().db, accountId, mode, type);
    return billingSummary(h().db, accountId, { all: true }, now);
  };

  it('bills the month so far by the type in force', async () => {
    // Traffic billing unless the operator said otherwise.
    expect(await billingSummary(h().db, accountId, { all: true }, now)).toEqual({
      billing_mode: 'flow',
      billing_type: 'traffic',
      month: '2025-03',
      // 286 points of 10 bps, then 100 + 50 + 200 + 70 + 30.
      value: bytesOf(286 * 10 + 450),
      unit: 'bytes',
      until: now.toISOString(),
    } satisfies BillingSummary);
    const expected: [mode: 'bandwidth' | 'requests', type: BillingType, value: number, unit: string][] = [
      // Of 720 points, 429 are 0 and 286 are 10: the 684th smallest is 10.
      ['bandwidth', 'bandwidth_p95', 10, 'bps'],
      ['bandwidth', 'bandwidth_peak', 200, 'bps'],
      ['bandwidth', 'bandwidth_mean', 3310 / 720, 'bps'],
      // Daily peaks 100, 200, 70: three days so far, the lowest stands for the fourth.
      ['bandwidth', 'bandwidth_fourth_peak', 70, 'bps'],
      ['bandwidth', 'daily_peak_mean', 370 / 3, 'bps'],
      // The daily 95th percentiles: 10, 0, 0.
      ['bandwidth', 'daily_p95_mean', 10 / 3, 'bps'],
      // Billed day by day: today's peak.
      ['bandwidth', 'daily_peak', 70, 'bps'],
      ['requests', 'requests', 3310, 'count'],
      ['requests', 'pv', 6620, 'count'],
    ];
    for (const [mode, type, value, unit] of expected) {
      const summary = await summaryOf(mode, type);
      expect({ type: summary.billing_type, unit: summary.unit }).toEqual({ type, unit });
      expect(summary.value, type).toBeCloseTo(value, 6);
    }
  });

  it('is set by the operator: a mode without a type takes its first, a type of another mode is refused', async () => {
    expect(
      (await operator({ action: 'billing', login: 'customer02', mode: 'bandwidth' })).body.data,
    ).toMatchObject({ billing_mode: 'bandwidth', billing_type: 'bandwidth_p95' });
    expect(
      (await operator({ action: 'billing', login: 'customer02', mode: 'bandwidth', type: 'daily_peak' })).body
        .data,
    ).toMatchObject({ billing_mode: 'bandwidth', billing_type: 'daily_peak' });
    for (const body of [
      { action: 'billing', login: 'customer02', mode: 'flow', type: 'bandwidth_p95' },
      { action: 'billing', login: 'customer02', mode: 'requests', type: 'traffic' },
      { action: 'billing', login: 'customer02', mode: 'bandwidth', type: 'monthly' },
      { action: 'billing', login: 'customer02', mode: 'request' },
    ])
      expect((await operator(body)).body.code, JSON.stringify(body)).toBe(40001);
    expect((await operator({ action: 'list', login: 'customer02' })).body.data).toMatchObject({
      billing_mode: 'bandwidth',
      billing_type: 'daily_peak',
    });
  });

  it("answers the caller's account, a sub-account's figure of its granted domains only", async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    await setBillingMode(h().db, demo.id, 'flow');
    const summary = async (login: string) =>
      (
        await call<BillingSummary>(h().app, 'GET', '/v3/billing/summary', {
          token: (await signIn(h().app, login)).token,
        })
      ).body;
    // This month's points: 1,000 bytes on each granted domain, 5,000 on another, the sum as the account's.
    const month = new Date(Date.now() + 8 * hour).toISOString().slice(0, 7);
    const start = new Date(Date.parse(`${month}-01T00:00:00Z`) - 8 * hour);
    const scope = await dataScopeOf(h().db, (await findAccountByLogin(h().db, 'demo-analyst'))!);
    if (scope.domains.all) throw new Error('demo-analyst is granted some domains, not all');
    const ids = [...scope.domains.ids];
    expect(ids.length).toBeGreaterThan(0);
    const pointAt = new Date(
      Math.max(start.getTime(), Math.floor((Date.now() - 10 * minute) / (5 * minute)) * 5 * minute),
    );
    const demoPoint = (domainId: string, bytes: number) =>
      point(demo.id, domainId, pointAt, { requests: 1, bytes, pv: 0 });
    await h()
      .db.insert(traffic5m)
      .values([
        ...ids.map((id) => demoPoint(id, 1000)),
        demoPoint('not-granted', 5000),
        demoPoint(allDomains, 1000 * ids.length + 5000),
      ])
      .onConflictDoNothing();
    const main = await summary('demo');
    const analyst = await summary('demo-analyst');
    expect(main.code).toBe(0);
    expect(analyst.code).toBe(0);
    expect(main.data).toMatchObject({ billing_mode: 'flow', billing_type: 'traffic', unit: 'bytes' });
    // The analyst's two domains: their own points of the month so far.
    const [granted] = rowsOf<{ bytes: string | null }>(
      await h().db.execute(sql`
        select sum(bytes) as bytes from traffic_5m
        where account_id = ${demo.id} and at >= ${start.toISOString()}
          and domain_id = any(${`{${ids.join(',')}}`}::text[])`),
    );
    expect(analyst.data.value).toBe(Number(granted?.bytes ?? 0));
    expect(Number(granted?.bytes)).toBeGreaterThanOrEqual(1000 * ids.length);
    expect(main.data.value).toBeGreaterThanOrEqual(analyst.data.value + 5000);
    // Another account's figure is its own: customer02's month so far has nothing.
    const other = await summary('customer02');
    expect(other.data).toMatchObject({ billing_mode: 'bandwidth', billing_type: 'daily_peak', value: 0 });
  });
});
