import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  apiCall,
  makeEdgeKey,
  shipLogs,
  signInOverHttp,
  startServer,
  type ApiAnswer as Answer,
  type RunningServer,
} from '../../e2e/support/server-process';
import { anyRequestsPolicy, callbackReceiver } from '../../support/alarm-hooks';
import { freshPostgres } from '../../support/server-harness';

/** How many times the server is killed per database (`npm run test:crash` asks for 50). */
const rounds = Number(process.env.CRASH_ROUNDS ?? 2);

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const targets = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * The server killed with SIGKILL at a random moment of a mixed load (commands through the API,
 * access-log batches from an edge, chunked uploads, alarms and their callbacks), `rounds` times, and started again on the same
 * data each time: the database opens, every command the server acknowledged is there at its
 * version, every log batch, sent again after the restart as an edge does when it got no answer, is
 * counted once, every upload resumes from what the server held and is kept whole, and every alarm
 * is raised once and its callbacks delivered.
 */
describe.each(targets)('killed mid-work on %s', (kind) => {
  it(
    `loses nothing acknowledged over ${rounds} kills`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cdn-crash-'));
      dirs.push(dataDir);
      let drop = async () => {};
      let databaseUrl = '';
      if (kind === 'postgres') ({ url: databaseUrl, drop } = await freshPostgres());
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        STATIC_DIR: '/nonexistent',
        RATE_LIMIT_ADDRESS: '100000',
        RATE_LIMIT_TOKEN: '100000',
        // A check of an upload or an alarm delivery the killed server had taken is taken again
        // after 3 s; the alarm policies are evaluated every second, their callbacks to loopback.
        CLAIM_SECONDS: '3',
        ALARM_EVALUATE_SECONDS: '1',
        ALARM_CALLBACK_PRIVATE: '1',
      };
      const hook = await callbackReceiver();
      let server: RunningServer = await startServer(env, 240_000);
      try {
        const token = await signIn(server);
        const operatorKey = readFileSync(join(dataDir, 'operator.key'), 'utf8').trim();
        const edgeKey = await makeEdgeKey(server.url, operatorKey, 'crash');
        const names = await get<{ lists: { id: string; domain: string; status: string }[] }>(
          server,
          token,
          '/v3/domain/domain/names',
        );
        const domain = names.data.lists.find((d) => d.status === 'active')!;
        const accountId = (await post<{ id: number }>(server, token, '/v3/customer/customer/baseInfo', {}))
          .data.id;
        const settled = new Set<string>();
        // Every alarm of the policies made during the load calls back the receiver.
        const template = {
          id: randomUUID(),
          name: 'Crash_hook',
          channels: ['callback'],
          callback_url: hook.url,
        };
        expect((await post(server, token, '/v3/alarm/template/save', template)).code).toBe(0);
        const policies = new Set<string>();

        const acknowledged = new Set<string>();
        const batches = new Map<string, number>();
        const uploads = new Map<string, Buffer>();
        for (let round = 0; round < rounds; round += 1) {
          let stop = false;
          const work = async (lane: number) => {
            for (let n = 0; !stop; n += 1) {
              if (lane === 0) {
                const batch = `crash-${round}-${n}`;
                const count = 1 + ((round + n) % 5);
                batches.set(batch, count);
                await shipLogs(server.url, edgeKey, batch, domain.domain, count).catch(() => undefined);
              } else {
                const cidr = `10.${lane * 60 + (round % 60)}.${n % 250}.${Math.floor(n / 250)}`;
                const answer = await post(server, token, '/v3/ipban/ban/add', {
                  cidr,
                  reason: `r${round}`,
                }).catch(() => null);
                if (answer?.code === 0) acknowledged.add(cidr);
              }
            }
          };
          // Uploads, a chunk at a time, each resumed after a kill from what the server says it holds.
          const upload = async () => {
            while (!stop) {
              let unfinished = [...uploads].find(([id]) => !settled.has(id));
              if (!unfinished) {
                unfinished = [randomUUID(), randomBytes(150_000 + Math.floor(Math.random() * 200_000))];
                uploads.set(...unfinished);
              }
              const step = await uploadStep(server, token, ...unfinished).catch(() => null);
              if (step !== null && step !== 'uploading') settled.add(unfinished[0]);
            }
          };
          // A policy a round (requests above 0 on the account: the log batches raise it at once).
          const policy = async () => {
            const made = anyRequestsPolicy(`Crash_${round}`, [template.id]);
            const answer = await post(server, token, '/v3/alarm/policy/save', made).catch(() => null);
            if (answer?.code === 0) policies.add(made.id);
          };
          const load = [...[0, 1, 2].map(work), upload(), policy()];
          await new Promise((r) => setTimeout(r, 200 + Math.random() * 1500));
          server.process.kill('SIGKILL');
          await new Promise((r) => server.process.once('exit', r));
          stop = true;
          await Promise.all(load);
          server = await startServer(env, 240_000);
        }

        // One policy made after the last restart too: a run whose kills fell before every policy
        // save was answered still checks that alarms are raised and delivered after the kills.
        const after = anyRequestsPolicy('Crash_after', [template.id]);
        expect((await post(server, token, '/v3/alarm/policy/save', after)).code).toBe(0);
        policies.add(after.id);

        // Every acknowledged ban is there, at its first version (the list read page by page).
        const stored = new Map<string, number>();
        for (let page = 1; ; page += 1) {
          const listed = await get<{ lists: { id: string; version: number }[] }>(
            server,
            token,
            `/v3/ipban/ban/lists?page_size=1000&page=${page}&keyword=10.`,
          );
          for (const entry of listed.data.lists) stored.set(entry.id, entry.version);
          if (listed.data.lists.length < 1000) break;
        }
        for (const cidr of acknowledged) expect(stored.get(cidr), cidr).toBe(1);
        expect(acknowledged.size).toBeGreaterThan(0);
        // Every batch sent again (its answer may have been lost): each is counted once.
        for (const [batch, count] of batches) {
          const answer = await shipLogs(server.url, edgeKey, batch, domain.domain, count);
          expect(answer.code).toBe(0);
        }
        const expected = [...batches.values()].reduce((a, b) => a + b, 0);
        // Every alarm of those policies is one event at a time, and each of its deliveries reached
        // the receiver: at least once, and twice only where a kill fell between the call and its
        // record (the receiver drops the copy by its delivery_id).
        expect(policies.size).toBeGreaterThan(0);
        await vi.waitFor(
          async () => {
            const events = await get<{ lists: { id: string; policy_id: string; status: string }[] }>(
              server,
              token,
              '/v3/alarm/history/lists?keyword=Crash_&page_size=100',
            );
            const mine = events.data.lists.filter((e) => policies.has(e.policy_id));
            expect(new Set(mine.map((e) => e.policy_id)).size).toBe(policies.size);
            for (const id of policies)
              expect(
                mine.filter((e) => e.policy_id === id && e.status === 'ongoing').length,
              ).toBeLessThanOrEqual(1);
            const received = hook.deliveryIds();
            for (const event of mine) {
              const deliveries = await get<{ lists: { id: string; status: string }[] }>(
                server,
                token,
                `/v3/alarm/history/deliveries?event_id=${event.id}`,
              );
              for (const delivery of deliveries.data.lists) {
                expect(delivery.status).toBe('sent');
                expect(received).toContain(delivery.id);
              }
            }
            // (At least the alarm of each policy was delivered.)
            expect(new Set(received).size).toBeGreaterThanOrEqual(policies.size);
            expect(received.length - new Set(received).size).toBeLessThanOrEqual(rounds);
          },
          { timeout: 60_000, interval: 1000 },
        );
        // Every upload, resumed to its end, is checked and kept whole.
        expect(uploads.size).toBeGreaterThan(0);
        for (const [id, bytes] of uploads) {
          let step = await uploadStep(server, token, id, bytes);
          while (step === 'uploading') step = await uploadStep(server, token, id, bytes);
        }
        for (const [id, bytes] of uploads) {
          await vi.waitFor(async () => expect(await uploadStep(server, token, id, bytes)).toBe('succeeded'), {
            timeout: 20_000,
            interval: 250,
          });
          expect(md5(readFileSync(join(dataDir, 'file-sync', String(accountId), id))), id).toBe(md5(bytes));
        }
        const top = await post<{ rows: { key: string; requests: number }[] }>(
          server,
          token,
          '/v3/statistics/traffic/top',
          {
            domain_ids: [domain.id],
            start: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            end: new Date(Date.now() + 60_000).toISOString(),
            dimension: 'url',
            limit: 2000,
          },
        );
        expect(top.data.rows.find((r) => r.key === `${domain.domain}/crash`)?.requests).toBe(expected);
      } finally {
        await server.stop();
        await drop();
        await hook.close();
      }
    },
    60_000 + rounds * 60_000,
  );
});

const signIn = (server: RunningServer) => signInOverHttp(server.url, 'demo');
const get = <T>(server: RunningServer, token: string, path: string) => apiCall<T>(server.url, token, path);
const post = <T = Record<string, unknown>>(
  server: RunningServer,
  token: string,
  path: string,
  body: unknown,
) => apiCall<T>(server.url, token, path, body, { 'idempotency-key': `crash-${randomUUID()}` });

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const uploadChunk = 64 * 1024;

/**
 * One step of an upload as the console takes it: the task asked for (made the first time, else
 * answered as it stands) and, while it is uploading, the next chunk from the bytes the server
 * holds. Answers the task's status after the step.
 */
async function uploadStep(server: RunningServer, token: string, id: string, bytes: Buffer) {
  const task = await post<{ status: string; received: number }>(server, token, '/v3/file-sync/task/create', {
    id,
    name: `crash-${id}.bin`,
    size: bytes.length,
    md5: md5(bytes),
  });
  if (task.code !== 0) throw new Error(`${task.code} ${task.msg}`);
  if (task.data.status !== 'uploading') return task.data.status;
  const from = task.data.received;
  const answer = await fetch(`${server.url}/v3/file-sync/task/chunk?id=${id}&offset=${from}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes.subarray(from, from + uploadChunk)),
  });
  const sent = (await answer.json()) as Answer<{ task: { status: string } }>;
  return sent.code === 0 ? sent.data.task.status : 'uploading';
}
