import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trafficPaths, type IngestResult, type TrafficTopResult } from '../../../src/contract/traffic';
import { LogShipper } from '../../../edge/logs';
import { edgeBatches } from '../../../server/db/schema';
import { t } from '../../../server/i18n/messages';
import { batchKeepDays, claimBatch } from '../../../server/modules/traffic/edge-batches';
import { createEdgeKey } from '../../../server/modules/traffic/edge-keys';
import { maintainTraffic } from '../../../server/modules/traffic/maintenance';
import { RawLogs } from '../../../server/modules/traffic/raw-logs';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

/**
 * An edge ships its access log at least once; the console counts each batch once per key, in the
 * statistics and in the raw log files, whether the batch comes again after a lost answer, twice at
 * once, or from the real shipper restarted between the console's answer and its offset.
 */
describeServer('edge log batches count once', (h) => {
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let domainId: string;
  let domain: string;
  let keyA: string;
  let keyB: string;
  const roots: string[] = [];

  beforeAll(async () => {
    app = await h().appWith({ rateLimit: { perToken: 100_000, perAddress: 100_000 } });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    ({ token } = await signIn(app, 'demo'));
    const list = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      app,
      'GET',
      '/v3/domain/domain/names',
      { token },
    );
    const active = list.body.data.lists.find((d) => d.status === 'active')!;
    domainId = active.id;
    domain = active.domain;
    ({ key: keyA } = await createEdgeKey(h().db, 'batches-a', new Date()));
    ({ key: keyB } = await createEdgeKey(h().db, 'batches-b', new Date()));
  });

  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** `count` lines of the console's format for `url`, a minute apart up to now. */
  const lines = (url: string, count: number) =>
    Array.from({ length: count }, (_, n) =>
      JSON.stringify({
        time: Date.now() - (n + 1) * 60_000,
        domain,
        client: '1.2.4.8',
        method: 'GET',
        url,
        status: 200,
        bytes: 1000,
        request_time: 0.01,
        cache: 'HIT',
      }),
    ).join('\n');

  const ingest = async (key: string, body: string, batch?: string) => {
    const response = await app.inject({
      method: 'POST',
      url: trafficPaths.ingest,
      headers: {
        authorization: `Edge ${key}`,
        'content-type': 'application/x-ndjson',
        'content-encoding': 'gzip',
        'accept-language': 'en-US',
        ...(batch ? { 'x-edge-batch': batch } : {}),
      },
      payload: gzipSync(body),
    });
    return response.json<Envelope<IngestResult>>();
  };

  /** Requests the statistics hold for `url` of the domain (the report's URL dimension). */
  const counted = async (url: string) => {
    const top = await call<TrafficTopResult>(app, 'POST', '/v3/statistics/traffic/top', {
      token,
      body: {
        domain_ids: [domainId],
        start: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        end: new Date(Date.now() + 60_000).toISOString(),
        dimension: 'url',
        limit: 2000,
      },
    });
    expect(top.body.code).toBe(0);
    return top.body.data.rows.find((r) => r.key === `${domain}${url}`)?.requests ?? 0;
  };

  /** Lines of the domain's raw log files (what the log download gives) that name `url`. */
  const kept = (url: string) => {
    const found: string[] = [];
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.log.gz') && folder.endsWith(domainId))
          found.push(
            ...gunzipSync(readFileSync(path))
              .toString('utf8')
              .split('\n')
              .filter((line) => line.includes(`"url":"${url}"`)),
          );
      }
    };
    walk(h().config.logDir);
    return found.length;
  };

  it('counts a batch sent twice once, in the statistics and the raw logs, and says so', async () => {
    const url = '/batches/twice';
    const first = await ingest(keyA, lines(url, 3), 'batch-twice');
    expect(first).toMatchObject({ code: 0, data: { accepted: 3, rejected: 0 } });
    expect(first.data.duplicate).toBeUndefined();
    const again = await ingest(keyA, lines(url, 3), 'batch-twice');
    expect(again).toMatchObject({ code: 0, data: { accepted: 0, rejected: 0, errors: [], duplicate: true } });
    expect(await counted(url)).toBe(3);
    expect(kept(url)).toBe(3);
  });

  it('counts batches of other ids, and calls without an id, each time', async () => {
    const url = '/batches/distinct';
    expect(await ingest(keyA, lines(url, 2), 'batch-distinct-1')).toMatchObject({ data: { accepted: 2 } });
    expect(await ingest(keyA, lines(url, 2), 'batch-distinct-2')).toMatchObject({ data: { accepted: 2 } });
    expect(await ingest(keyA, lines(url, 2))).toMatchObject({ data: { accepted: 2 } });
    expect(await ingest(keyA, lines(url, 2))).toMatchObject({ data: { accepted: 2 } });
    expect(await counted(url)).toBe(8);
    expect(kept(url)).toBe(8);
  });

  it('keeps the batch ids of each key apart', async () => {
    const url = '/batches/keys';
    expect(await ingest(keyA, lines(url, 2), 'batch-keys')).toMatchObject({ data: { accepted: 2 } });
    const other = await ingest(keyB, lines(url, 2), 'batch-keys');
    expect(other).toMatchObject({ code: 0, data: { accepted: 2 } });
    expect(other.data.duplicate).toBeUndefined();
    expect(await counted(url)).toBe(4);
    expect(kept(url)).toBe(4);
  });

  it('counts a batch sent twice at once a single time', async () => {
    const url = '/batches/race';
    const answers = await Promise.all([
      ingest(keyA, lines(url, 4), 'batch-race'),
      ingest(keyA, lines(url, 4), 'batch-race'),
    ]);
    expect(answers.map((a) => a.code)).toEqual([0, 0]);
    expect(answers.map((a) => a.data.accepted).sort()).toEqual([0, 4]);
    expect(answers.filter((a) => a.data.duplicate)).toHaveLength(1);
    expect(await counted(url)).toBe(4);
    expect(kept(url)).toBe(4);
  });

  it('counts a batch whose lines were all refused once too, and refuses a malformed id', async () => {
    const refused = '{"domain":"nowhere"}\n{}';
    expect(await ingest(keyA, refused, 'batch-refused')).toMatchObject({
      data: { accepted: 0, rejected: 2 },
    });
    expect(await ingest(keyA, refused, 'batch-refused')).toMatchObject({
      data: { rejected: 0, duplicate: true },
    });
    for (const id of ['has space', 'x'.repeat(201), 'slash/es'])
      expect(await ingest(keyA, lines('/batches/bad-id', 1), id), id).toMatchObject({
        code: 40001,
        msg: t('edge.batch.invalid', 'en_US'),
      });
    expect(await counted('/batches/bad-id')).toBe(0);
  });

  it('forgets batch ids after a few days, in the hourly upkeep', async () => {
    const now = Date.now();
    const day = 86_400_000;
    await claimBatch(h().db, { keyName: 'batches-a', id: 'batch-old' }, now - (batchKeepDays + 1) * day);
    await claimBatch(h().db, { keyName: 'batches-a', id: 'batch-recent' }, now - (batchKeepDays - 1) * day);
    await maintainTraffic(h().db, new RawLogs(h().config.logDir), now);
    const ids = (await h().db.select().from(edgeBatches).where(eq(edgeBatches.keyName, 'batches-a'))).map(
      (r) => r.batchId,
    );
    expect(ids).toContain('batch-recent');
    expect(ids).not.toContain('batch-old');
    expect(ids).toContain('batch-twice');
  });

  it('takes the edge’s log from the real shipper once, though it stopped between the answer and its offset', async () => {
    const root = mkdtempSync(join(tmpdir(), 'edge-shipper-'));
    roots.push(root);
    mkdirSync(join(root, 'logs'));
    const url = '/batches/shipper';
    const write = (from: number, to: number) =>
      appendFileSync(
        join(root, 'logs', 'access.log'),
        Array.from({ length: to - from }, (_, i) => {
          const n = from + i;
          return `${JSON.stringify({
            time: ((Date.now() - 60_000 + n) / 1000).toFixed(3),
            domain,
            client: '1.2.4.8',
            method: 'GET',
            url,
            status: 200,
            bytes: 1200,
            request_time: 0.004,
            cache: n % 2 ? 'EXPIRED' : 'HIT',
            ua: 'curl/8.5',
            referer: '',
            blocked_by: '',
            id: n.toString(16).padStart(32, '0'),
          })}\n`;
        }).join(''),
      );
    write(0, 5);
    const errors: Error[] = [];
    const answered: Envelope<IngestResult>[] = [];
    // The console counts the batch, and its answer is lost on the way back.
    const lostAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      answered.push((await response.json()) as Envelope<IngestResult>);
      throw new TypeError('socket hang up');
    };
    const first = new LogShipper({
      root,
      consoleUrl: base,
      key: keyA,
      fetch: lostAnswer,
      retryMs: 60_000,
      onError: (error) => errors.push(error),
    });
    const flushing = first.flush();
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBe(1);
    await first.stop();
    await expect(flushing).rejects.toThrow('stopped');
    expect(answered[0]).toMatchObject({ code: 0, data: { accepted: 5 } });
    expect(errors[0]?.message).toContain('socket hang up');

    write(5, 8);
    const second = new LogShipper({
      root,
      consoleUrl: base,
      key: keyA,
      onError: (error) => errors.push(error),
    });
    await second.flush();
    await second.stop();
    expect(second.stats).toMatchObject({ batches: 2, duplicates: 1, accepted: 3, dropped: 0, failures: 0 });
    expect(await counted(url)).toBe(8);
    expect(kept(url)).toBe(8);

    // A third start finds nothing left to send.
    let calls = 0;
    const third = new LogShipper({
      root,
      consoleUrl: base,
      key: keyA,
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    await third.flush();
    await third.stop();
    expect(calls).toBe(0);
  });
});
