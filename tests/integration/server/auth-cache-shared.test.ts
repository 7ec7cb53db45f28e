import { expect, it, vi } from 'vitest';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * A sign-in check kept by one instance (3 s at most) is dropped when another instance revokes
 * what it rests on: instances sharing a PostgreSQL database tell each other (a notification), so a
 * deleted token stops working on every instance at once, not after the cache's 3 s.
 */
describeServer('sign-in checks across instances', (h, kind) => {
  it.runIf(kind === 'postgres')('drops a deleted token on every instance', async () => {
    const one = h().app;
    const two = await h().appWith({});
    const { token: main } = await signIn(one, 'demo');
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const manage = <T>(path: string, body: unknown) =>
      call<T>(one, 'POST', `/v3/customer/token/${path}`, {
        token: main,
        body,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      });
    const listed = await manage<{ lists: { id: string }[] }>('lists', {});
    // Room for one more token (at most 5 an account).
    for (const old of listed.body.data.lists.slice(4))
      await manage('delete', { id: old.id, confirm: 'demo' });
    const made = await manage<{ secret: string; token: { id: string } }>('create', {
      user_id: demo.id,
      access: 'read',
    });
    expect(made.body.code).toBe(0);
    const names = async () =>
      (
        await two.inject({
          method: 'GET',
          url: '/v3/domain/domain/names',
          headers: { authorization: `Bearer ${made.body.data.secret}`, 'user-agent': 'curl/8.5.0' },
        })
      ).json<{ code: number }>().code;
    // The second instance checks the token, and keeps the answer.
    await vi.waitFor(async () => expect(await names()).toBe(0), { timeout: 5_000 });
    expect(await names()).toBe(0);
    const deletedAt = Date.now();
    expect((await manage('delete', { id: made.body.data.token.id, confirm: 'demo' })).body.code).toBe(0);
    await vi.waitFor(async () => expect(await names()).toBe(44), { timeout: 2_000, interval: 20 });
    expect(Date.now() - deletedAt).toBeLessThan(2_000);
  });
});
