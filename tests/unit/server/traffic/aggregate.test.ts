import { describe, expect, it } from 'vitest';
import { trafficLimits } from '../../../../src/contract/traffic';
import {
  addHits,
  emptyRollup,
  finish,
  splitKey,
  type Hit,
} from '../../../../server/modules/traffic/aggregate';
import { hllCount } from '../../../../server/modules/traffic/hll';
import { rollupOf } from '../../../../server/modules/traffic/read-lines';

const t0 = Date.UTC(2026, 10, 24, 2, 0, 0); // 10:00 in UTC+8
const minute = 60_000;
const hour = 3_600_000;

function hit(domainId: string, at: number, extra: Partial<Hit> = {}): Hit {
  return {
    accountId: 7,
    domainId,
    host: `${domainId}.example.com`,
    at,
    client: '1.2.3.4',
    region: 'BJ',
    carrier: 'telecom',
    method: 'GET',
    url: '/a.png',
    status: 200,
    bytes: 100,
    rtMs: 10,
    hit: true,
    ua: 'ua',
    referer: '',
    blockedBy: null,
    sample: 1,
    ...extra,
  };
}

describe('the aggregation of hits into rollups', () => {
  it('sums interleaved domains, minutes, hours and days each into its own row', () => {
    const hits = [
      hit('a', t0),
      hit('b', t0 + 1000, { bytes: 50, hit: false }),
      hit('a', t0 + minute + 5, { status: 404 }),
      hit('a', t0 + 10),
      hit('b', t0 + hour, { client: '5.6.7.8' }),
      // 00:00 UTC+8 of the next day: another day's row.
      hit('a', Date.UTC(2026, 10, 24, 16, 0, 0), { sample: 3 }),
      hit('a', t0 + 20, { blockedBy: 'ip-ban', status: 403 }),
    ];
    const rollup = emptyRollup();
    addHits(rollup, hits);
    finish(rollup);
    const point = (grain: 'm1' | 'h1' | 'd1', domain: string, at: number) =>
      rollup.points[grain].get(`7|${domain}|${at}`);
    expect(point('m1', 'a', t0)).toMatchObject({ requests: 3, bytes: 300, s2xx: 2, s4xx: 1, blocked: 1 });
    expect(point('m1', 'a', t0 + minute)).toMatchObject({ requests: 1, s4xx: 1 });
    expect(point('m1', 'b', t0)).toMatchObject({ requests: 1, bytes: 50, hitRequests: 0 });
    expect(point('h1', 'b', t0 + hour)).toMatchObject({ requests: 1 });
    expect(point('m1', '*', t0)).toMatchObject({ requests: 4, bytes: 350 });
    const nextDay = Date.UTC(2026, 10, 24, 16, 0, 0);
    expect(point('d1', 'a', nextDay)).toMatchObject({ requests: 3, bytes: 300 });
    expect(point('d1', 'a', Date.UTC(2026, 10, 23, 16, 0, 0))).toMatchObject({ requests: 4 });
    // Dimensions per hour; the blocked ones only where a rule blocked.
    const dims = rollup.dims.h1.get(`7|a|${t0}`)!;
    expect(dims.get('status')!.get('404')).toEqual({ requests: 1, bytes: 100 });
    expect(dims.get('blocked_rule')!.get('ip-ban')).toEqual({ requests: 1, bytes: 100 });
    expect(rollup.dims.h1.get(`7|b|${t0}`)!.has('blocked_rule')).toBe(false);
    // Distinct clients per day, per domain and for the account.
    expect(hllCount(rollup.uv.get(`7|b|${Date.UTC(2026, 10, 23, 16, 0, 0)}`)!)).toBe(2);
    expect(hllCount(rollup.uv.get(`7|*|${Date.UTC(2026, 10, 23, 16, 0, 0)}`)!)).toBe(2);
  });

  it('keeps the busiest keys of a batch and counts the rest as other', () => {
    const keep = trafficLimits.dimKeysMax;
    const hits: Hit[] = [];
    // One busy client, then more distinct ones than are kept.
    for (let i = 0; i < 50; i++) hits.push(hit('a', t0 + i, { client: '9.9.9.9' }));
    for (let i = 0; i < keep + 20; i++) hits.push(hit('a', t0 + i, { client: `10.0.${i >> 8}.${i & 255}` }));
    const clients = rollupOf(hits.map((h) => ({ hit: h, raw: '' })))
      .dims.h1.get(`7|a|${t0}`)!
      .get('client')!;
    expect(clients.size).toBe(keep + 1);
    expect(clients.get('9.9.9.9')).toEqual({ requests: 50, bytes: 5000 });
    const total = [...clients.values()].reduce((sum, d) => sum + d.requests, 0);
    expect(total).toBe(50 + keep + 20);
    expect(clients.get('')!.requests).toBe(21);
  });

  it('splits its keys back into account, domain and time', () => {
    expect(splitKey(`7|d-1|${t0}`)).toEqual({ accountId: 7, domainId: 'd-1', at: t0 });
  });
});
