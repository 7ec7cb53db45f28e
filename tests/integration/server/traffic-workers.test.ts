import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createEdgeKey } from '../../../server/modules/traffic/edge-keys';
import { generateLines } from '../../../server/modules/traffic/generator';
import { ingestBulk } from '../../../server/modules/traffic/ingest';
import { ingestPool } from '../../../server/modules/traffic/ingest-pool';
import { RawLogs } from '../../../server/modules/traffic/raw-logs';
import { rowsOf } from '../../../server/modules/traffic/store';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * A body large enough to be read by several workers at once (each taking whole domains) gives
 * exactly the tables one reader gives for the same lines, and its raw files hold every line.
 */
const tables = [
  'traffic_1m',
  'traffic_5m',
  'traffic_1h',
  'traffic_1d',
  'traffic_geo_1h',
  'traffic_geo_1d',
  'traffic_dims_1h',
  'traffic_dims_1d',
];

describeServer('traffic: a body read by several workers', (h) => {
  let lines: string[];
  let key: string;

  beforeAll(async () => {
    const { token } = await signIn(h().app, 'demo');
    const list = await call<{ lists: { domain: string; status: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token },
    );
    const domains = list.body.data.lists
      .filter((d) => d.status === 'active')
      .slice(0, 6)
      .map((d, i) => ({ name: d.domain, peakBps: 4e8 / (i + 1) }));
    const to = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    lines = [
      ...generateLines({ domains, from: to - 30 * 60_000, to, stepMs: 60_000, perStep: 15, seed: 3 }),
    ].map((l) => JSON.stringify(l));
    ({ key } = await createEdgeKey(h().db, `workers-${h().kind}`, new Date()));
  });

  async function snapshot() {
    const out: Record<string, unknown[]> = {};
    for (const table of tables)
      out[table] = rowsOf(
        await h().db.execute(
          sql.raw(
            `select * from ${table} order by account_id, domain_id, at${table.includes('dims') ? ', dim, key' : table.includes('geo') ? ', region, carrier' : ''}`,
          ),
        ),
      );
    out.uv = rowsOf(
      await h().db.execute(
        sql.raw(
          "select account_id, domain_id, day, encode(sketch, 'hex') as sketch from traffic_uv order by 1, 2, 3",
        ),
      ),
    );
    return out;
  }

  it('gives the tables one reader gives, and keeps every line', async () => {
    const body = lines.join('\n');
    expect(body.length).toBeGreaterThan(256 * 1024);
    expect(ingestPool().size).toBeGreaterThanOrEqual(1);
    const answer = await h().app.inject({
      method: 'POST',
      url: '/v3/edge/log/ingest',
      headers: { authorization: `Edge ${key}`, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(answer.json()).toMatchObject({ code: 0, data: { accepted: lines.length, rejected: 0 } });
    const split = await snapshot();
    expect((split.traffic_1d as unknown[]).length).toBeGreaterThan(6);

    // Every line, once, in the hourly raw files of its domain.
    const logDir = h().config.logDir;
    const kept: string[] = [];
    for (const account of readdirSync(logDir))
      for (const domain of readdirSync(join(logDir, account)))
        for (const file of readdirSync(join(logDir, account, domain)))
          kept.push(
            ...gunzipSync(readFileSync(join(logDir, account, domain, file)))
              .toString()
              .split('\n')
              .filter((l) => l !== ''),
          );
    expect(kept.sort()).toEqual([...lines].sort());

    await h().db.execute(sql.raw(`truncate ${tables.join(', ')}, traffic_uv`));
    const bulk = await ingestBulk(
      h().db,
      new RawLogs(`${h().config.dataDir}/bulk-logs`),
      [lines.map((l) => JSON.parse(l) as unknown)],
      Date.now(),
    );
    expect(bulk).toMatchObject({ accepted: lines.length, rejected: 0 });
    expect(await snapshot()).toEqual(split);
  });

  it('numbers refused lines by the body, whichever worker read them', async () => {
    const mixed = [...lines];
    mixed[10] = '{"not":"a line"}';
    mixed[1000] = 'oops';
    mixed[2000] = JSON.stringify({ ...JSON.parse(lines[2000]!), domain: 'nowhere.example.com' });
    const answer = await h().app.inject({
      method: 'POST',
      url: '/v3/edge/log/ingest',
      headers: { authorization: `Edge ${key}`, 'content-type': 'application/x-ndjson' },
      payload: mixed.join('\n'),
    });
    const data = answer.json().data as { accepted: number; rejected: number; errors: { line: number }[] };
    expect(data.rejected).toBe(3);
    expect(data.accepted).toBe(lines.length - 3);
    expect(data.errors.map((e) => e.line)).toEqual([11, 1001, 2001]);
  });
});
