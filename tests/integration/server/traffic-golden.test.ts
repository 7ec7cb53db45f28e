import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import type {
  LogFilesResult,
  LogLineInput,
  TrafficSeriesResult,
  TrafficTopResult,
  TrafficUvResult,
} from '../../../src/contract/traffic';
import { createEdgeKey } from '../../../server/modules/traffic/edge-keys';
import { ingestBulk } from '../../../server/modules/traffic/ingest';
import { RawLogs } from '../../../server/modules/traffic/raw-logs';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * The golden file: a few lines whose rollups are worked out by hand below. Ingested through the
 * edge's call in two batches (the live path), then, tables emptied, through the bulk path in one:
 * both must give exactly the table's figures.
 */
const hour = 3_600_000;
const minute = 60_000;
const t0 = Math.floor(Date.now() / hour) * hour - 3 * hour;

type Row = [
  string,
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  'HIT' | 'MISS',
  string,
  string,
  string | null,
  number,
];
// domain, minute, client, method, url, status, bytes, seconds, cache, ua, referer, blocked, sample
const rows: Row[] = [
  [
    'A',
    0,
    '1.2.4.8',
    'GET',
    '/index.html?x=1',
    200,
    1000,
    0.01,
    'HIT',
    'ua1',
    'https://ref.example/1',
    null,
    1,
  ],
  ['A', 0, '202.96.128.86', 'GET', '/a.png', 200, 3000, 0.03, 'MISS', 'ua2', '', null, 1],
  ['A', 1, '1.2.4.8', 'GET', '/', 200, 2000, 0.1, 'HIT', 'ua1', '', null, 1],
  [
    'A',
    1,
    '166.111.4.100',
    'GET',
    '/a.png',
    404,
    500,
    0.005,
    'MISS',
    'ua1',
    'https://ref.example/1',
    null,
    1,
  ],
  ['A', 5, '202.96.128.86', 'GET', '/a.png', 200, 3000, 0.25, 'HIT', 'ua2', '', null, 1],
  ['A', 6, '8.8.8.8', 'GET', '/admin', 403, 200, 0.001, 'MISS', 'ua3', '', 'ip-ban', 1],
  ['A', 7, '1.2.4.8', 'POST', '/api', 502, 100, 1.5, 'MISS', 'ua1', '', null, 1],
  ['B', 0, '211.136.1.1', 'GET', '/dl/file.zip', 200, 10000, 2, 'MISS', 'ua2', '', null, 2],
  ['B', 12, '211.136.1.1', 'GET', '/dl/file.zip', 206, 5000, 0.6, 'HIT', 'ua2', '', null, 1],
  ['B', 12, '10.0.0.1', 'GET', '/b', 301, 300, 0.02, 'HIT', 'ua3', 'https://ref.example/2', null, 1],
];

// Worked out by hand from the rows above.
const expected = {
  A: {
    requests: 7,
    bytes: 9800,
    hit_requests: 3,
    hit_bytes: 6000,
    s2xx: 4,
    s3xx: 0,
    s4xx: 2,
    s5xx: 1,
    blocked: 1,
    pv: 2, // /index.html and / (GET, 2xx, a page, not blocked)
    rt_ms: 10 + 30 + 100 + 5 + 250 + 1 + 1500,
    // Minutes: 4000, 2500, 0, 0, 0, 3000, 200, 100 bytes; the busiest is minute 0.
    peak_bps: (4000 * 8) / 60,
    // 5-minute sums 6500, 3300, 0: the 95th percentile (nearest rank) is 6500.
    p95_bps: (6500 * 8) / 300,
    uv: 4,
  },
  B: {
    requests: 4, // the first line stands for 2 requests (sample 2)
    bytes: 25300,
    hit_requests: 2,
    hit_bytes: 5300,
    s2xx: 3,
    s3xx: 1,
    pv: 0,
    rt_ms: 2000 * 2 + 600 + 20,
    uv: 2,
  },
  all: {
    requests: 11,
    bytes: 35100,
    hit_requests: 5,
    hit_bytes: 11300,
    // 5-minute sums 26500, 3300, 5300: peak and 95th percentile are both the first.
    peak_bps: (26500 * 8) / 300,
    p95_bps: (26500 * 8) / 300,
    uv: 6,
  },
};

describeServer('traffic: a golden log file gives the rollups worked out by hand', (h) => {
  let token: string;
  let names: { A: string; B: string };
  let ids: { A: string; B: string };
  let lines: LogLineInput[];
  let key: string;

  beforeAll(async () => {
    ({ token } = await signIn(h().app, 'demo'));
    const list = await call<{ lists: { id: string; domain: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token },
    );
    const [a, b] = list.body.data.lists;
    names = { A: a!.domain, B: b!.domain };
    ids = { A: a!.id, B: b!.id };
    lines = rows.map(
      ([d, m, client, method, url, status, bytes, seconds, cache, ua, referer, blocked, sample]) => ({
        time: new Date(t0 + m * minute + 15_000).toISOString(),
        domain: names[d as 'A' | 'B'],
        client,
        method,
        url,
        status,
        bytes,
        request_time: seconds,
        cache,
        ua,
        referer,
        blocked_by: blocked as LogLineInput['blocked_by'],
        sample,
      }),
    );
    ({ key } = await createEdgeKey(h().db, `golden-${h().kind}`, new Date()));
  });

  const ingest = (text: string, edgeKey = key) =>
    h().app.inject({
      method: 'POST',
      url: '/v3/edge/log/ingest',
      headers: { authorization: `Edge ${edgeKey}`, 'content-type': 'application/x-ndjson' },
      payload: text,
    });

  const range = { start: new Date(t0).toISOString(), end: new Date(t0 + 15 * minute).toISOString() };
  const seriesOf = async (body: Record<string, unknown>) =>
    (await call<TrafficSeriesResult>(h().app, 'POST', '/v3/statistics/traffic/series', { token, body })).body;
  const topOf = async (body: Record<string, unknown>) =>
    (await call<TrafficTopResult>(h().app, 'POST', '/v3/statistics/traffic/top', { token, body })).body;

  /** Everything the golden table checks, as the API answers it. */
  async function figures() {
    const a = await seriesOf({ domain_ids: [ids.A], ...range, granularity: 1 });
    const b = await seriesOf({ domain_ids: [ids.B], ...range, granularity: 1 });
    const all = await seriesOf({ all: true, ...range, granularity: 5 });
    const hourRange = { start: new Date(t0).toISOString(), end: new Date(t0 + hour).toISOString() };
    const urls = await topOf({ domain_ids: [ids.A], ...hourRange, dimension: 'url' });
    const statuses = await topOf({ all: true, ...hourRange, dimension: 'status' });
    const regions = await topOf({ all: true, ...hourRange, dimension: 'region' });
    const times = await topOf({ domain_ids: [ids.A], ...hourRange, dimension: 'response_time' });
    const rules = await topOf({ all: true, ...hourRange, dimension: 'blocked_rule' });
    const day0 = t0 - ((t0 + 8 * hour) % (24 * hour));
    const dayRange = { start: new Date(day0).toISOString(), end: new Date(day0 + 24 * hour).toISOString() };
    const uv = async (body: Record<string, unknown>) =>
      (
        await call<TrafficUvResult>(h().app, 'POST', '/v3/statistics/traffic/uv', {
          token,
          body: { ...body, ...dayRange },
        })
      ).body.data;
    return {
      a: a.data,
      b: b.data,
      all: all.data,
      urls: urls.data,
      statuses: statuses.data,
      regions: regions.data,
      times: times.data,
      rules: rules.data,
      uv: {
        A: await uv({ domain_ids: [ids.A] }),
        B: await uv({ domain_ids: [ids.B] }),
        all: await uv({ all: true }),
      },
    };
  }

  function checkGolden(f: Awaited<ReturnType<typeof figures>>) {
    const { peak_bps: peakA, p95_bps: p95A, uv: uvA, ...sumsA } = expected.A;
    expect(f.a.summary).toMatchObject(sumsA);
    expect(f.a.summary.peak_bps).toBeCloseTo(peakA, 6);
    expect(f.a.summary.peak_at).toBe(new Date(t0).toISOString());
    expect(f.a.summary.p95_bps).toBeCloseTo(p95A, 6);
    // The points travel as columns: one start and one number of each sum a period.
    expect(f.a.points.at).toHaveLength(15);
    expect(f.a.points.at[1]! - f.a.points.at[0]!).toBe(minute);
    expect(f.a.points.bytes.slice(0, 8)).toEqual([4000, 2500, 0, 0, 0, 3000, 200, 100]);
    const { uv: uvB, ...sumsB } = expected.B;
    expect(f.b.summary).toMatchObject(sumsB);
    const { peak_bps: peakAll, p95_bps: p95All, uv: uvAll, ...sumsAll } = expected.all;
    expect(f.all.summary).toMatchObject(sumsAll);
    expect(f.all.points.bytes).toEqual([26500, 3300, 5300]);
    expect(f.all.summary.peak_bps).toBeCloseTo(peakAll, 6);
    expect(f.all.summary.p95_bps).toBeCloseTo(p95All, 6);
    // Hit rates by requests and by bytes follow from the sums: 5/11 and 11300/35100.
    expect(f.all.summary.hit_requests / f.all.summary.requests).toBeCloseTo(5 / 11, 9);

    expect(f.urls.rows).toEqual([
      { key: `${names.A}/a.png`, requests: 3, bytes: 6500 },
      { key: `${names.A}/`, requests: 1, bytes: 2000 },
      { key: `${names.A}/admin`, requests: 1, bytes: 200 },
      { key: `${names.A}/api`, requests: 1, bytes: 100 },
      { key: `${names.A}/index.html`, requests: 1, bytes: 1000 },
    ]);
    expect(f.urls.total_requests).toBe(7);
    expect(f.statuses.rows.map((r) => [r.key, r.requests])).toEqual([
      ['200', 6],
      ['206', 1],
      ['301', 1],
      ['403', 1],
      ['404', 1],
      ['502', 1],
    ]);
    expect(f.regions.rows).toEqual([
      { key: 'BJ', requests: 4, bytes: 3600 },
      { key: 'unknown', requests: 4, bytes: 25300 },
      { key: 'GD', requests: 2, bytes: 6000 },
      { key: 'overseas', requests: 1, bytes: 200 },
    ]);
    expect(Object.fromEntries(f.times.rows.map((r) => [r.key, r.requests]))).toEqual({
      '0-10': 2,
      '10-20': 1,
      '20-50': 1,
      '100-200': 1,
      '200-500': 1,
      '1000-2000': 1,
    });
    expect(f.rules.rows).toEqual([{ key: 'ip-ban', requests: 1, bytes: 200 }]);
    expect(f.uv.A.uv).toBe(uvA);
    expect(f.uv.A.pv).toBe(2);
    expect(f.uv.B.uv).toBe(uvB);
    expect(f.uv.all.uv).toBe(uvAll);
    expect(f.uv.all.error).toBeCloseTo(0.01625, 4);
  }

  let live: Awaited<ReturnType<typeof figures>>;

  it('through the ingestion call, in two batches', async () => {
    const text = lines.map((l) => JSON.stringify(l));
    const first = await ingest(text.slice(0, 4).join('\n'));
    expect(first.json()).toMatchObject({ code: 0, data: { accepted: 4, rejected: 0 } });
    // A refused line is counted and named; the others are taken.
    const second = await ingest(
      [...text.slice(4), '{"bad": true}', JSON.stringify({ ...lines[0], domain: 'nowhere.example' })].join(
        '\n',
      ),
    );
    expect(second.json().data).toMatchObject({ accepted: 6, rejected: 2 });
    expect(second.json().data.errors.map((e: { line: number }) => e.line)).toEqual([7, 8]);
    live = await figures();
    checkGolden(live);
  });

  it('keeps the raw lines, downloadable through a signed address', async () => {
    const listed = await call<LogFilesResult>(h().app, 'POST', '/v3/log/file/lists', {
      token,
      body: {
        domain_id: ids.A,
        start: new Date(t0 - hour).toISOString(),
        end: new Date(t0 + 2 * hour).toISOString(),
      },
    });
    expect(listed.body.code).toBe(0);
    expect(listed.body.data.files).toHaveLength(1);
    const [file] = listed.body.data.files;
    expect(file!.hour).toBe(new Date(t0).toISOString());
    const download = await h().app.inject({ method: 'GET', url: file!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.rawPayload.length).toBe(file!.size);
    const text = gunzipSync(download.rawPayload).toString('utf8').trim().split('\n');
    expect(text.map((l) => JSON.parse(l))).toEqual(lines.filter((l) => l.domain === names.A));
    // A changed address opens nothing (the first character always changes).
    const forged = await h().app.inject({
      method: 'GET',
      url: file!.url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'x' ? 'y' : 'x'}`),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('exports a report that reads back with the rows the table shows', async () => {
    const hourRange = { start: new Date(t0).toISOString(), end: new Date(t0 + hour).toISOString() };
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${token}` },
      payload: { domain_ids: [ids.A], ...hourRange, dimension: 'url', format: 'xlsx', language: 'en_US' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0]!.slice(1, 4)).toEqual(['Rank', 'URL', 'Requests']);
    expect(values.slice(1).map((r) => [r[2], r[3]])).toEqual(live.urls.rows.map((r) => [r.key, r.requests]));
    const csv = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${token}` },
      payload: { domain_ids: [ids.A], ...hourRange, dimension: 'url', format: 'csv' },
    });
    expect(csv.body.split('\r\n')[1]).toBe(`1,${names.A}/a.png,3,42.86,6500,66.33`);
    // A range without data: spec §8 "No data to export".
    const empty = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: {
        domain_ids: [ids.A],
        start: '2026-01-01T00:00:00+08:00',
        end: '2026-01-02T00:00:00+08:00',
        dimension: 'url',
        format: 'xlsx',
      },
    });
    expect(empty.json()).toMatchObject({ code: 40401, msg: 'No data to export' });
  });

  it('gives the same figures through the bulk path', async () => {
    await h().db.execute(
      sql.raw(
        'truncate traffic_1m, traffic_5m, traffic_1h, traffic_1d, traffic_geo_1h, traffic_geo_1d, traffic_dims_1h, traffic_dims_1d, traffic_uv',
      ),
    );
    const result = await ingestBulk(
      h().db,
      new RawLogs(`${h().config.dataDir}/bulk-logs`),
      [lines],
      Date.now(),
    );
    expect(result).toMatchObject({ accepted: 10, rejected: 0 });
    const bulk = await figures();
    checkGolden(bulk);
    expect({ ...bulk, a: { ...bulk.a, markers: [] } }).toEqual({ ...live, a: { ...live.a, markers: [] } });
  });

  it('refuses calls without a live edge key, and statistics outside the spec limits', async () => {
    expect((await ingest('{}', 'edge_wrong')).json().code).toBe(40101);
    const noDomain = await call(h().app, 'POST', '/v3/statistics/traffic/series', {
      token,
      language: 'en',
      body: { ...range, granularity: 5 },
    });
    expect(noDomain.body.msg).toBe('Please select a domain and query');
    const tooLong = await call(h().app, 'POST', '/v3/statistics/traffic/series', {
      token,
      language: 'en',
      body: {
        all: true,
        start: '2025-01-01T00:00:00+08:00',
        end: '2026-01-03T00:00:00+08:00',
        granularity: 1440,
      },
    });
    expect(tooLong.body.msg).toBe(
      'Currently only supports the query of data up to one year, please adjust the query range!',
    );
    const tooMany = await call(h().app, 'POST', '/v3/statistics/traffic/uv', {
      token,
      language: 'en',
      body: { domain_ids: Array.from({ length: 1001 }, () => ids.A), ...range },
    });
    expect(tooMany.body.msg).toBe('A maximum of 1000 domains can be selected');
    // Another account's domain is not readable by id.
    const other = await signIn(h().app, 'canvas');
    const foreign = await call(h().app, 'POST', '/v3/statistics/traffic/series', {
      token: other.token,
      body: { domain_ids: [ids.A], ...range, granularity: 5 },
    });
    expect(foreign.body.code).not.toBe(0);
  });
});
