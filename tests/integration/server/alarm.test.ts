import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client';
import { alarmDeliveries } from '../../../server/db/schema';
import { KeyVault } from '../../../server/modules/cert/key-vault';
import { AlarmNotifier, signatureOf, type SmsProvider } from '../../../server/modules/alarm/deliver';
import { AlarmScheduler } from '../../../server/modules/alarm/scheduler';
import { generateLines } from '../../../server/modules/traffic/generator';
import { ingestText } from '../../../server/modules/traffic/ingest';
import { Code } from '../../../src/contract';
import type { AlarmDelivery, AlarmEvent } from '../../../src/contract/alarm';
import { anyRequestsPolicy, callbackReceiver, type CallbackReceiver } from '../../support/alarm-hooks';
import { call, describeServer, signIn } from '../../support/server-harness';

const minute = 60_000;

/**
 * Alarms (spec §2 /cdn/alarm-manage, §4, §5, §8, §9): a spike of the traffic generator raises an
 * alarm within 2 minutes and its end restores it; callbacks are signed and retried; what no channel
 * can send is kept in the delivery log; SMS within the quota.
 */
describeServer('alarms', (h) => {
  let token = '';
  let domain: { id: string; domain: string };
  const receivers: CallbackReceiver[] = [];
  const sms: string[] = [];
  const provider: SmsProvider = { send: async (phone, text) => void sms.push(`${phone} ${text}`) };
  const post = (path: string, body: unknown) =>
    call(h().app, 'POST', path, {
      token,
      body,
      language: 'en',
      headers: { 'idempotency-key': `alarm-${randomUUID()}` },
    }).then((r) => r.body);
  const history = async () =>
    (
      await call<{ lists: AlarmEvent[] }>(h().app, 'GET', '/v3/alarm/history/lists', {
        token,
        query: { page_size: '100' },
      })
    ).body.data.lists;
  const deliveries = async (eventId: string) =>
    (
      await call<{ lists: AlarmDelivery[] }>(h().app, 'GET', '/v3/alarm/history/deliveries', {
        token,
        query: { event_id: eventId },
      })
    ).body.data.lists;
  /** The generator's traffic of the domain over one minute, at `peakBps` at the busiest hour. */
  const traffic = async (at: number, peakBps: number) => {
    const lines = [
      ...generateLines({
        domains: [{ name: domain.domain, peakBps }],
        from: at,
        to: at + minute,
        stepMs: minute,
        perStep: 30,
        seed: at,
      }),
    ];
    await ingestText(h().db, null, lines.map((l) => JSON.stringify(l)).join('\n'), Date.now());
  };

  beforeAll(async () => {
    ({ token } = await signIn(h().app, 'demo'));
    const list = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/lists',
      { token, query: { page: '1', page_size: '50' } },
    );
    domain = list.body.data.lists.find((d) => d.status === 'active')!;
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
  });

  it('checks the names (29/30/31 characters, first character) and asks for the object type and a rule first', async () => {
    const policy = (name: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      name,
      monitor_type: 'account',
      rules: [{ indicator: 'requests', operator: 'gt', threshold: 1e9 }],
      ...extra,
    });
    const first29 = await post('/v3/alarm/policy/save', policy(`a${'b'.repeat(28)}`));
    expect(first29.code, JSON.stringify(first29)).toBe(Code.ok);
    expect((await post('/v3/alarm/policy/save', policy(`c${'d'.repeat(29)}`))).code).toBe(Code.ok);
    const long = await post('/v3/alarm/policy/save', policy(`e${'f'.repeat(30)}`));
    expect(long.code).toBe(Code.invalidRequest);
    expect(long.msg).toBe('The name is too long: at most 30 characters');
    const first = await post('/v3/alarm/policy/save', policy('9lives'));
    expect(first.msg).toBe('The name must start with a letter or a Chinese character');
    const noType = await post('/v3/alarm/policy/save', policy('NoType', { monitor_type: undefined }));
    expect(noType.msg).toBe('Please choose the object type first');
    const noRule = await post('/v3/alarm/policy/save', policy('NoRule', { rules: [] }));
    expect(noRule.msg).toBe('Please choose a rule first');
    const taken = await post('/v3/alarm/policy/save', policy(`A${'b'.repeat(28)}`));
    expect(taken.msg).toBe('An alarm policy of this name exists');
  });

  it('copies a policy: a new policy with the same rules under a name of its own, in the audit log as a copy', async () => {
    const source = {
      id: randomUUID(),
      name: 'Copy_source',
      monitor_type: 'domain',
      domain_ids: [domain.id],
      rules: [{ indicator: 'bandwidth', operator: 'gt', threshold: 5e8 }],
      period: 1,
      periods: 2,
    };
    expect((await post('/v3/alarm/policy/save', source)).code).toBe(Code.ok);
    const copy = { ...source, id: randomUUID(), name: 'Copy_of_source', copied_from: source.id };
    const done = await post('/v3/alarm/policy/copy', copy);
    expect(done.code, JSON.stringify(done)).toBe(Code.ok);
    expect(done.msg).toBe('Alarm policy copied');
    const { policies } = (
      await call<{ policies: { id: string; name: string }[] }>(h().app, 'GET', '/v3/alarm/config/lists', {
        token,
      })
    ).body.data;
    const made = policies.find((p) => p.id === copy.id);
    expect(made).toMatchObject({
      name: 'Copy_of_source',
      rules: source.rules,
      domain_ids: [domain.id],
      period: 1,
      periods: 2,
    });
    expect(made).not.toHaveProperty('copied_from');
    // The rules of a new policy: a name of its own; the same id is not copied twice.
    const taken = await post('/v3/alarm/policy/copy', { ...copy, id: randomUUID(), name: 'copy_source' });
    expect(taken.msg).toBe('An alarm policy of this name exists');
    const again = await post('/v3/alarm/policy/copy', { ...copy, name: 'Copy_again' });
    expect(again.msg).toBe('This copy has been made already: a copy is always a new policy.');
    // Domains that are not the account's are refused as in a save.
    const stranger = await post('/v3/alarm/policy/copy', {
      ...copy,
      id: randomUUID(),
      name: 'Copy_stranger',
      domain_ids: [randomUUID()],
    });
    expect(stranger.code).not.toBe(Code.ok);
    const audit = await call<{ lists: { action: string; object: string }[] }>(
      h().app,
      'POST',
      '/v3/customer/audit/lists',
      { token, body: { action: 'alarmPolicy.copy' }, language: 'en' },
    );
    expect(audit.body.data.lists.map((e) => e.action)).toEqual(['alarmPolicy.copy']);
  });

  it('raises an alarm within 2 minutes of a spike, restores it after, and tells the contacts through each channel', async () => {
    const ok = await callbackReceiver(() => 200);
    receivers.push(ok);
    const contact = {
      id: randomUUID(),
      name: 'Zhang San',
      role: 'Operations',
      phone: '13600136000',
      email: 'ops@example.com',
    };
    expect((await post('/v3/alarm/contact/save', contact)).code).toBe(Code.ok);
    const template = {
      id: randomUUID(),
      name: 'Ops_on_call',
      notify: 'alarmAndRestore',
      language: 'en_US',
      contact_ids: [contact.id],
      channels: ['email', 'sms', 'callback'],
      callback_url: ok.url,
    };
    expect((await post('/v3/alarm/template/save', template)).code).toBe(Code.ok);
    const policy = {
      id: randomUUID(),
      name: 'Bandwidth_spike',
      monitor_type: 'domain',
      domain_ids: [domain.id],
      rules: [{ indicator: 'bandwidth', operator: 'gt', threshold: 1000 }],
      period: 1,
      periods: 1,
      template_ids: [template.id],
    };
    const saved = await post('/v3/alarm/policy/save', policy);
    expect(saved.code, saved.msg).toBe(Code.ok);

    const scheduler = new AlarmScheduler(h().db);
    const notifier = new AlarmNotifier(h().db, KeyVault.open(h().config.dataDir), {
      allowPrivate: true,
      sms: provider,
      retryDelaysMs: [0, 0],
    });
    // Quiet, then a spike from the generator in the minute `spike`.
    const spike = Math.floor(Date.now() / minute) * minute - 3 * minute;
    await traffic(spike - minute, 1e6);
    await traffic(spike, 1e13);
    await scheduler.tick(new Date(spike + 30_000)); // the minute before: quiet
    expect((await history()).filter((e) => e.policy_id === policy.id)).toEqual([]);
    const raisedAt = spike + minute + 45_000; // the spike's minute is in once it ends (and the lag)
    expect(raisedAt - spike).toBeLessThanOrEqual(2 * minute);
    // (The demo's own policies may raise alarms on this traffic too: only this policy's count.)
    await scheduler.tick(new Date(raisedAt));
    expect((await history()).filter((e) => e.policy_id === policy.id)).toHaveLength(1);
    const [raised] = (await history()).filter((e) => e.policy_id === policy.id);
    expect(raised).toMatchObject({ status: 'ongoing', object: domain.domain, monitor_type: 'domain' });
    expect(raised!.content[0]).toMatchObject({ indicator: 'bandwidth', operator: 'gt', threshold: 1000 });
    expect(raised!.content[0]!.value).toBeGreaterThan(1000);
    // Ticking again changes nothing while the spike's minute is the last.
    await scheduler.tick(new Date(raisedAt + 5000));
    expect((await history()).filter((e) => e.policy_id === policy.id).map((e) => e.status)).toEqual([
      'ongoing',
    ]);

    // Sent: the SMS and the signed callback; the email is kept, with no mail server configured.
    await notifier.round(new Date(raisedAt + 1000));
    const log = await deliveries(raised!.id);
    expect(log.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['callback', 'sent'],
      ['email', 'notConfigured'],
      ['sms', 'sent'],
    ]);
    // (The demo's own policies may raise alarms on this traffic too: only this contact's SMS count.)
    const mine = sms.filter((text) => text.startsWith('13600136000 '));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('13600136000 [CDN Console] Alarm: Bandwidth_spike on');
    const [delivered] = ok.calls;
    const key = (await call<{ key: string }>(h().app, 'POST', '/v3/alarm/callback/key', { token, body: {} }))
      .body.data.key;
    const timestamp = String(delivered!.headers['x-cdn-timestamp']);
    expect(delivered!.headers['x-cdn-signature']).toBe(
      `sha256=${signatureOf(key, timestamp, delivered!.body)}`,
    );
    expect(JSON.parse(delivered!.body)).toMatchObject({
      kind: 'alarm',
      status: 'ongoing',
      policy_name: 'Bandwidth_spike',
    });
    expect((await history()).find((e) => e.id === raised!.id)?.deliveries).toEqual({
      sent: 2,
      notConfigured: 1,
    });

    // The next minute is quiet: restored, and told so.
    await traffic(spike + minute, 1e6);
    await scheduler.tick(new Date(raisedAt + minute));
    const restored = (await history()).find((e) => e.id === raised!.id)!;
    expect(restored.status).toBe('restored');
    expect(restored.restored_at).not.toBeNull();
    await notifier.round(new Date(raisedAt + minute + 1000));
    expect(ok.calls.map((c) => (JSON.parse(c.body) as { kind: string }).kind)).toEqual(['alarm', 'restore']);
  });

  it('retries a failing callback receiver, and keeps what it could not deliver', async () => {
    const flaky = await callbackReceiver((n) => (n < 3 ? 500 : 200));
    const down = await callbackReceiver(() => 503);
    receivers.push(flaky, down);
    const templates = [flaky, down].map((r, i) => ({
      id: randomUUID(),
      name: `Hook_${i}`,
      channels: ['callback'],
      callback_url: r.url,
    }));
    for (const t of templates) expect((await post('/v3/alarm/template/save', t)).code).toBe(Code.ok);
    const policy = anyRequestsPolicy(
      'Requests_any',
      templates.map((t) => t.id),
    );
    expect((await post('/v3/alarm/policy/save', policy)).code).toBe(Code.ok);
    const at = Math.floor(Date.now() / minute) * minute - 3 * minute;
    await traffic(at, 1e8);
    await new AlarmScheduler(h().db).tick(new Date(at + minute + 45_000));
    const event = (await history()).find((e) => e.policy_id === policy.id)!;
    const notifier = new AlarmNotifier(h().db, KeyVault.open(h().config.dataDir), {
      allowPrivate: true,
      retryDelaysMs: [1000, 1000],
    });
    let now = Date.now();
    for (let round = 0; round < 4; round++) {
      await notifier.round(new Date(now));
      now += 1500;
    }
    expect(flaky.calls).toHaveLength(3);
    expect(down.calls).toHaveLength(3);
    const log = await deliveries(event.id);
    const byUrl = (url: string) => log.find((d) => d.recipient === url)!;
    expect(byUrl(flaky.url)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(byUrl(down.url)).toMatchObject({ status: 'failed', attempts: 3, error: 'HTTP 503' });
  });

  it('refuses callbacks to private addresses unless allowed', async () => {
    const closed = await callbackReceiver(() => 200);
    receivers.push(closed);
    const template = {
      id: randomUUID(),
      name: 'Private_hook',
      channels: ['callback'],
      callback_url: closed.url,
    };
    expect((await post('/v3/alarm/template/save', template)).code).toBe(Code.ok);
    const policy = anyRequestsPolicy('Private_policy', [template.id]);
    expect((await post('/v3/alarm/policy/save', policy)).code).toBe(Code.ok);
    const at = Math.floor(Date.now() / minute) * minute - 3 * minute;
    await new AlarmScheduler(h().db).tick(new Date(at + minute + 45_000));
    const event = (await history()).find((e) => e.policy_id === policy.id)!;
    const notifier = new AlarmNotifier(h().db, KeyVault.open(h().config.dataDir), { retryDelaysMs: [] });
    await notifier.round(new Date());
    expect(closed.calls).toHaveLength(0);
    expect((await deliveries(event.id))[0]).toMatchObject({
      status: 'failed',
      error: 'the callback URL reaches a private address',
    });
  });

  it('raises one alarm and sends it once however many instances evaluate and send, and after a sender died', async () => {
    const hook = await callbackReceiver(() => 200);
    receivers.push(hook);
    const template = { id: randomUUID(), name: 'Once_hook', channels: ['callback'], callback_url: hook.url };
    expect((await post('/v3/alarm/template/save', template)).code).toBe(Code.ok);
    const policy = anyRequestsPolicy('Once_policy', [template.id]);
    expect((await post('/v3/alarm/policy/save', policy)).code).toBe(Code.ok);
    // Three instances: on PostgreSQL each with connections of its own, as separate processes have.
    const others =
      h().kind === 'postgres'
        ? await Promise.all([1, 2].map(() => openDatabase({ url: h().databaseUrl })))
        : [];
    try {
      const dbs = [h().db, ...(others.length > 0 ? others.map((o) => o.db) : [h().db, h().db])];
      const at = Math.floor(Date.now() / minute) * minute - 3 * minute;
      await traffic(at, 1e8);
      // Evaluated by all three at once (as if the lease had moved meanwhile): one event.
      const evaluatedAt = new Date(at + minute + 45_000);
      await Promise.all(dbs.map((db) => new AlarmScheduler(db).tick(evaluatedAt)));
      const events = (await history()).filter((e) => e.policy_id === policy.id);
      expect(events).toHaveLength(1);
      const [queued] = await deliveries(events[0]!.id);
      // A sender took the delivery and died before sending it: its claim holds for `claimMs`.
      await h()
        .db.update(alarmDeliveries)
        .set({ claimedAt: evaluatedAt })
        .where(eq(alarmDeliveries.id, queued!.id));
      const vault = KeyVault.open(h().config.dataDir);
      const notifiers = dbs.map(
        (db) => new AlarmNotifier(db, vault, { allowPrivate: true, claimMs: 30_000, retryDelaysMs: [] }),
      );
      const sendAll = (now: number) => Promise.all(notifiers.map((n) => n.round(new Date(now))));
      await sendAll(evaluatedAt.getTime() + 10_000);
      expect(hook.calls).toHaveLength(0);
      // Past the dead sender's claim, the three send at once: the callback goes once.
      await sendAll(evaluatedAt.getTime() + 31_000);
      await sendAll(evaluatedAt.getTime() + 32_000);
      expect(hook.calls).toHaveLength(1);
      expect(JSON.parse(hook.calls[0]!.body)).toMatchObject({
        delivery_id: queued!.id,
        event_id: events[0]!.id,
        kind: 'alarm',
      });
      expect(await deliveries(events[0]!.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('keeps SMS past the quota in the log', async () => {
    const contact = {
      id: randomUUID(),
      name: 'Li Si',
      role: 'Duty',
      phone: '13500135000',
      email: 'duty@example.com',
    };
    expect((await post('/v3/alarm/contact/save', contact)).code).toBe(Code.ok);
    const template = { id: randomUUID(), name: 'Sms_only', channels: ['sms'], contact_ids: [contact.id] };
    expect((await post('/v3/alarm/template/save', template)).code).toBe(Code.ok);
    const notifier = new AlarmNotifier(h().db, KeyVault.open(h().config.dataDir), { sms: provider });
    const before = sms.filter((text) => text.startsWith('13500135000 ')).length;
    // 25 alarms within a minute, one SMS each: 20 go, 5 are kept as over the quota.
    const at = Math.floor(Date.now() / minute) * minute - 3 * minute;
    await traffic(at, 1e8);
    const scheduler = new AlarmScheduler(h().db);
    for (let i = 0; i < 25; i++) {
      const policy = anyRequestsPolicy(`Sms_${i}`, [template.id]);
      expect((await post('/v3/alarm/policy/save', policy)).code).toBe(Code.ok);
    }
    const tickAt = new Date(at + minute + 45_000);
    await scheduler.tick(tickAt);
    await notifier.round(tickAt, 100);
    const events = (await history()).filter((e) => e.policy_name.startsWith('Sms_'));
    expect(events).toHaveLength(25);
    const mine = (await Promise.all(events.map((e) => deliveries(e.id)))).flat();
    expect(mine).toHaveLength(25);
    // Every SMS of the account sent within the minute before: never more than 20.
    const window = await h()
      .db.select({ at: alarmDeliveries.sentAt })
      .from(alarmDeliveries)
      .where(and(eq(alarmDeliveries.channel, 'sms'), eq(alarmDeliveries.status, 'sent')));
    const inMinute = window.filter(
      (w) => w.at!.getTime() > tickAt.getTime() - minute && w.at!.getTime() <= tickAt.getTime(),
    );
    expect(inMinute).toHaveLength(20);
    const sent = mine.filter((d) => d.status === 'sent').length;
    expect(mine.filter((d) => d.status === 'quotaExceeded')).toHaveLength(25 - sent);
    expect(sms.filter((text) => text.startsWith('13500135000 ')).length - before).toBe(sent);
  });
});
