import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CertEntry } from '../../../src/contract/cert';
import { TestPki } from '../../support/certs';
import { call, describeServer, signIn } from '../../support/server-harness';

let pki: TestPki;
let chain: string;
let key: string;

beforeAll(() => {
  pki = new TestPki();
  pki.root('root');
  pki.key('inter', { rsa: 2048 });
  const intermediate = pki.issue('inter', 'root', { ca: true, cn: 'Test Intermediate CA' });
  key = pki.key('soon', { rsa: 2048 });
  const name = `soon.cal-${randomUUID().slice(0, 8)}.example.com`;
  chain = pki.issue('soon', 'inter', { cn: name, dns: [name], days: 3 }) + intermediate;
});
afterAll(() => pki?.dispose());

describeServer('certificates: the calendar feed of expiries', (h) => {
  it('serves every expiry once at a secret address, in the language asked, until a new address or a revocation', async () => {
    const { token } = await signIn(h().app, 'demo');
    const uploaded = await call<{ cert: CertEntry }>(h().app, 'POST', '/v3/cert/upload', {
      token,
      body: { name: 'Soon', certificate: chain, key },
    });
    expect(uploaded.body.code).toBe(0);
    const made = await call<{ url: string }>(h().app, 'POST', '/v3/cert/feed', {
      token,
      body: { action: 'create' },
      language: 'en',
    });
    expect(made.body.code).toBe(0);
    const address = new URL(made.body.data.url);
    expect(address.search).toBe('?lang=en_US');
    const path = address.pathname + address.search;
    const feed = await h().app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.headers['cache-control']).toBe('no-store');

    // Each certificate of the account once (the demo's and the one uploaded), at its end.
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const listed = (await call<{ lists: CertEntry[] }>(h().app, 'GET', '/v3/cert/lists', { token })).body.data
      .lists;
    expect(events.map((e) => e.uid).sort()).toEqual(listed.map((c) => `${c.id}@cdn-console`).sort());
    const soon = uploaded.body.data.cert;
    const event = events.find((e) => e.uid === `${soon.id}@cdn-console`)!;
    expect(event.summary).toBe('Certificate “Soon” expires');
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(soon.not_after).getTime());
    expect(
      event.component
        .getAllSubcomponents('valarm')
        .map((a) => a.getFirstPropertyValue('trigger')?.toString()),
    ).toEqual(['-P30D', '-P14D', '-P7D']);

    // In Chinese without the language in the address; no sign-in needed, nothing else answered.
    const chinese = await h().app.inject({ method: 'GET', url: address.pathname });
    expect(chinese.body).toContain('SUMMARY:证书“Soon”到期');
    expect(chinese.body).not.toContain('PRIVATE KEY');

    // A new address stops the old one; a revocation stops the new one (404 for calendar apps).
    const again = await call<{ url: string }>(h().app, 'POST', '/v3/cert/feed', {
      token,
      body: { action: 'create' },
    });
    expect(again.body.code).toBe(0);
    expect((await h().app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const next = new URL(again.body.data.url).pathname;
    expect((await h().app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
    await call(h().app, 'POST', '/v3/cert/feed', { token, body: { action: 'revoke' } });
    expect((await h().app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
    const status = await call<{ enabled: boolean; url: null }>(h().app, 'GET', '/v3/cert/feed', { token });
    expect(status.body.data).toMatchObject({ enabled: false, url: null });
    // Another account's secret is its own: guessing is refused like an unknown address.
    expect(
      (await h().app.inject({ method: 'GET', url: `/v3/cert/calendar/${'a'.repeat(43)}.ics` })).statusCode,
    ).toBe(404);
  });
});
