import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fileSyncTasks } from '../../../server/db/schema';
import { findAccountByLogin, grantMenu } from '../../../server/modules/account/service';
import { FileSyncStore } from '../../../server/modules/file-sync/store';
import { FileSyncVerifier } from '../../../server/modules/file-sync/verifier';
import { Code } from '../../../src/contract';
import { fileSyncLimits, type FileSyncTask } from '../../../src/contract/file-sync';
import { call, describeServer, signIn } from '../../support/server-harness';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const chunk = fileSyncLimits.chunkBytes;

/**
 * Large-file sync (spec §2 /cdn/file-sync, §3): chunked uploads that resume from the bytes the
 * server holds, the MD5 checked by the server off the request path, stored under DATA_DIR;
 * deletions recorded as tasks; quotas; one account's tasks out of another's reach.
 */
describeServer('file sync', (h) => {
  let token = '';
  let other = '';
  let accountId = 0;
  const post = <T = Record<string, unknown>>(path: string, body: unknown, as = token) =>
    call<T>(h().app, 'POST', path, { token: as, body, language: 'en' }).then((r) => r.body);
  const create = (body: { name: string; size: number; md5: string; id?: string }, as = token) =>
    post<FileSyncTask>('/v3/file-sync/task/create', { id: randomUUID(), ...body }, as);
  const send = async (
    id: string,
    offset: number,
    bytes: Uint8Array,
    as = token,
    type = 'application/octet-stream',
  ) => {
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/file-sync/task/chunk',
      query: { id, offset: String(offset) },
      headers: { authorization: `Bearer ${as}`, 'content-type': type, 'accept-language': 'en' },
      payload: Buffer.from(bytes),
    });
    return response.json() as { code: number; msg: string; data: { task: FileSyncTask; received?: number } };
  };
  const list = async (as = token) =>
    (
      await call<{ lists: FileSyncTask[]; storage: { used: number; max: number } }>(
        h().app,
        'GET',
        '/v3/file-sync/task/lists',
        { token: as },
      )
    ).body.data;
  const settled = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const task = (await list()).lists.find((t) => t.id === id);
      if (task && task.status !== 'verifying' && task.status !== 'uploading') return task;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`task ${id} was not verified`);
  };
  const stored = (id: string) => join(h().config.dataDir, 'file-sync', String(accountId), id);

  beforeAll(async () => {
    // File sync is an add-on: these customers subscribe to it.
    for (const login of ['customer01', 'customer02', 'customer03'])
      await grantMenu(h().db, (await findAccountByLogin(h().db, login))!, { addons: true });
    ({ token } = await signIn(h().app, 'customer01'));
    ({ token: other } = await signIn(h().app, 'customer02'));
    accountId = (await findAccountByLogin(h().db, 'customer01'))!.id;
  });

  it('takes a file in chunks, resumes from the bytes held, and keeps it once its MD5 is checked', async () => {
    const bytes = randomBytes(2 * chunk + 12_345);
    const made = await create({ name: 'release-1.0.apk', size: bytes.length, md5: md5(bytes) });
    expect(made.code, made.msg).toBe(Code.ok);
    const id = made.data.id;
    expect(made.data).toMatchObject({
      status: 'uploading',
      received: 0,
      operation: 'upload',
      user: 'customer01',
    });

    expect((await send(id, 0, bytes.subarray(0, chunk))).data.task.received).toBe(chunk);
    // The same chunk again (its answer was lost): refused with where the upload stands.
    const again = await send(id, 0, bytes.subarray(0, chunk));
    expect(again.code).toBe(Code.offsetMismatch);
    expect(again.data.received).toBe(chunk);
    // A chunk past the end, an empty one, and JSON are refused; nothing moves.
    expect((await send(id, chunk, randomBytes(2 * chunk + 20_000).subarray(0, chunk + 1))).code).toBe(
      Code.invalidRequest,
    );
    expect((await send(id, chunk, new Uint8Array(0))).code).not.toBe(Code.ok);
    const json = await h().app.inject({
      method: 'POST',
      url: '/v3/file-sync/task/chunk',
      query: { id, offset: String(chunk) },
      headers: { authorization: `Bearer ${token}` },
      payload: { bytes: 'x' },
    });
    expect((json.json() as { code: number }).code).toBe(Code.unsupportedMediaType);

    // The page is reloaded: the list says where to resume.
    const held = (await list()).lists.find((t) => t.id === id)!;
    expect(held).toMatchObject({ status: 'uploading', received: chunk });
    expect((await send(id, held.received, bytes.subarray(chunk, 2 * chunk))).data.task.received).toBe(
      2 * chunk,
    );
    const last = await send(id, 2 * chunk, bytes.subarray(2 * chunk));
    expect(last.data.task.status).toBe('verifying');

    const done = await settled(id);
    expect(done).toMatchObject({
      status: 'succeeded',
      md5: md5(bytes),
      received: bytes.length,
      failure: null,
    });
    expect(done.completed_at).not.toBeNull();
    expect(md5(readFileSync(stored(id)))).toBe(md5(bytes));
    expect(existsSync(`${stored(id)}.part`)).toBe(false);
    expect((await list()).storage.used).toBeGreaterThanOrEqual(bytes.length);

    // The same create sent again answers the same task; a second file of the name is refused.
    expect((await create({ id, name: 'release-1.0.apk', size: bytes.length, md5: md5(bytes) })).data.id).toBe(
      id,
    );
    const twice = await create({ name: 'release-1.0.apk', size: 10, md5: md5(Buffer.alloc(10)) });
    expect(twice.code).toBe(Code.invalidRequest);
    expect(twice.msg).toContain('already stored or being uploaded');
  });

  it('finishes a check its server stopped in, between keeping the file and recording it', async () => {
    const bytes = randomBytes(50_000);
    const made = await create({ name: 'stopped-mid-check.bin', size: bytes.length, md5: md5(bytes) });
    const id = made.data.id;
    expect((await send(id, 0, bytes)).data.task.status).toBe('verifying');
    expect((await settled(id)).status).toBe('succeeded');
    // As the server left it when killed after the rename: the file kept, the task still
    // verifying under the dead server's claim.
    const claimedAt = new Date(Date.now() - 60_000);
    await h()
      .db.update(fileSyncTasks)
      .set({ status: 'verifying', completedAt: null, claimedAt })
      .where(eq(fileSyncTasks.id, id));
    // Its claim ran out: a verifier (this one, or the server's own) takes it and finds the kept file.
    await new FileSyncVerifier(h().db, new FileSyncStore(h().config.dataDir)).verifyOne();
    expect(await settled(id)).toMatchObject({ status: 'succeeded', failure: null });
    expect(md5(readFileSync(stored(id)))).toBe(md5(bytes));
  });

  it('drops a file whose MD5 is not the one declared', async () => {
    const bytes = randomBytes(100_000);
    const made = await create({ name: 'corrupt.bin', size: bytes.length, md5: md5(randomBytes(10)) });
    const last = await send(made.data.id, 0, bytes);
    expect(last.data.task.status).toBe('verifying');
    const done = await settled(made.data.id);
    expect(done).toMatchObject({ status: 'failed', failure: 'fileSync.md5.mismatch' });
    expect(existsSync(stored(made.data.id))).toBe(false);
    expect(existsSync(`${stored(made.data.id)}.part`)).toBe(false);
  });

  it("keeps one account's tasks out of another's reach", async () => {
    const bytes = randomBytes(1000);
    const made = await create({ name: 'private.bin', size: bytes.length, md5: md5(bytes) });
    expect((await list(other)).lists.map((t) => t.id)).not.toContain(made.data.id);
    expect((await send(made.data.id, 0, bytes, other)).code).toBe(Code.notFound);
    expect((await post('/v3/file-sync/task/delete', { id: made.data.id }, other)).code).toBe(Code.notFound);
    // The other account may use the same name: names are per account.
    expect((await create({ name: 'private.bin', size: 1, md5: md5(Buffer.alloc(1)) }, other)).code).toBe(
      Code.ok,
    );
  });

  it('cancels an upload, deletes a stored file as a task of its own, and removes records', async () => {
    const bytes = randomBytes(chunk + 10);
    const partial = await create({ name: 'partial.mp4', size: bytes.length, md5: md5(bytes) });
    await send(partial.data.id, 0, bytes.subarray(0, chunk));
    expect(existsSync(`${stored(partial.data.id)}.part`)).toBe(true);
    const cancelled = await post<{ done: string; task: FileSyncTask }>('/v3/file-sync/task/delete', {
      id: partial.data.id,
    });
    expect(cancelled.data).toMatchObject({ done: 'cancelled', task: { status: 'cancelled' } });
    expect(existsSync(`${stored(partial.data.id)}.part`)).toBe(false);
    expect((await send(partial.data.id, chunk, bytes.subarray(chunk))).code).toBe(Code.invalidTransition);

    const small = randomBytes(5000);
    const kept = await create({ name: 'kept.txt', size: small.length, md5: md5(small) });
    await send(kept.data.id, 0, small);
    await settled(kept.data.id);
    const deleted = await post<{ done: string; task: FileSyncTask }>('/v3/file-sync/task/delete', {
      id: kept.data.id,
    });
    expect(deleted.msg).toBe('The file was deleted');
    expect(deleted.data).toMatchObject({
      done: 'deleted',
      task: {
        operation: 'delete',
        status: 'succeeded',
        name: 'kept.txt',
        size: small.length,
        md5: md5(small),
      },
    });
    expect(existsSync(stored(kept.data.id))).toBe(false);
    const after = await list();
    expect(after.lists.find((t) => t.id === kept.data.id)?.status).toBe('deleted');
    // The name is free again; the records that hold nothing can be removed.
    expect((await create({ name: 'kept.txt', size: 1, md5: md5(Buffer.alloc(1)) })).code).toBe(Code.ok);
    const removed = await post('/v3/file-sync/task/delete', { id: deleted.data.task.id });
    expect(removed.data).toMatchObject({ done: 'removed', task: null });
    expect((await list()).lists.map((t) => t.id)).not.toContain(deleted.data.task.id);
  });

  it('holds the limits: unfinished uploads, storage, file size', async () => {
    const { token: own } = await signIn(h().app, 'customer03');
    const mine = (await findAccountByLogin(h().db, 'customer03'))!.id;
    const one = md5(Buffer.alloc(1));
    for (let i = 0; i < fileSyncLimits.unfinishedMax; i++)
      expect((await create({ name: `u${i}.bin`, size: 1, md5: one }, own)).code).toBe(Code.ok);
    const sixth = await create({ name: 'u5.bin', size: 1, md5: one }, own);
    expect(sixth.code).toBe(Code.limitReached);
    expect(sixth.msg).toBe(
      `At most ${fileSyncLimits.unfinishedMax} uploads can be under way: finish or cancel one first`,
    );
    for (const task of (await list(own)).lists) await post('/v3/file-sync/task/delete', { id: task.id }, own);

    // Files stored up to 1 GB short of the quota (50 GB): a file of 1 GB fits, one byte more does not.
    const gb = 1024 ** 3;
    const now = new Date();
    await h()
      .db.insert(fileSyncTasks)
      .values(
        [20, 20, 9].map((size, i) => ({
          accountId: mine,
          id: randomUUID(),
          operation: 'upload' as const,
          name: `stored-${i}.iso`,
          size: size * gb,
          received: size * gb,
          md5: one,
          status: 'succeeded' as const,
          createdBy: mine,
          createdAt: now,
          updatedAt: now,
          completedAt: now,
        })),
      );
    const over = await create({ name: 'over.iso', size: gb + 1, md5: one }, own);
    expect(over.code).toBe(Code.limitReached);
    expect(over.msg).toContain('an account stores at most 50 GB');
    expect((await create({ name: 'fits.iso', size: gb, md5: one }, own)).code).toBe(Code.ok);
    const huge = await create({ name: 'huge.iso', size: fileSyncLimits.fileBytesMax + 1, md5: one }, own);
    expect(huge.code).toBe(Code.invalidRequest);
  });
});
