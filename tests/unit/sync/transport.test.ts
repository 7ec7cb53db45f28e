import { describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract';
import { backoffDelay, createHttpTransport, parseRetryAfter } from '../../../src/sync';

const command = {
  key: 'client-1:1',
  name: 'ipBan.ban',
  aggregate_id: '192.0.2.1',
  base_version: 0,
  schema_version: 1,
  payload: { cidr: '192.0.2.1' },
  origin: 'browser' as const,
};
const request = { actorId: 7, accountId: 9, commands: [command] };

function transportAnswering(respond: () => Response | Promise<Response>, userId: number | null = 7) {
  const sent: { url: string; init: RequestInit }[] = [];
  const transport = createHttpTransport({
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return respond();
    },
    credentials: () => ({ token: 'tok', userId }),
    language: () => 'en_US',
    now: () => Date.parse('2026-11-22T00:00:00Z'),
  });
  return { transport, sent };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const signal = new AbortController().signal;

describe('HTTP push transport', () => {
  it("sends the commands with the actor's token, the account header and the actor id", async () => {
    const { transport, sent } = transportAnswering(() => json({ code: 0, msg: '', data: { results: [] } }));
    expect(await transport.push(request, signal)).toEqual({ kind: 'answered', results: [] });
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(sent[0]!.url).toBe('/v3/sync/command/push');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['x-view-account']).toBe('9');
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({ actor_id: 7, commands: [command] });
  });

  it("never sends one account's edits with another account's token", async () => {
    const { transport, sent } = transportAnswering(
      () => json({ code: 0, msg: '', data: { results: [] } }),
      8,
    );
    expect(await transport.push(request, signal)).toEqual({ kind: 'signIn' });
    expect(sent).toHaveLength(0);
  });

  it.each([
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      { kind: 'retry', retryAfterMs: null },
    ],
    ['408', () => json({}, 408), { kind: 'retry', retryAfterMs: null }],
    [
      '429 with Retry-After',
      () => json({}, 429, { 'retry-after': '7' }),
      { kind: 'retry', retryAfterMs: 7000 },
    ],
    [
      '503 with a date',
      () => json({}, 503, { 'retry-after': 'Sun, 22 Nov 2026 00:00:30 GMT' }),
      { kind: 'retry', retryAfterMs: 30_000 },
    ],
    ['500', () => json({}, 500), { kind: 'retry', retryAfterMs: null }],
    [
      'a body that is not JSON',
      () => new Response('<html>', { status: 200 }),
      { kind: 'retry', retryAfterMs: null },
    ],
    ['code 44', () => json({ code: Code.signInRequired, msg: '', data: { url: '/x' } }), { kind: 'signIn' }],
    ['an actor mismatch', () => json({ code: Code.actorMismatch, msg: '', data: {} }), { kind: 'signIn' }],
    [
      'service closed',
      () => json({ code: Code.serviceClosed, msg: 'Open it', data: {} }),
      { kind: 'blocked', code: Code.serviceClosed, msg: 'Open it' },
    ],
    [
      'a server error code',
      () => json({ code: Code.internal, msg: '', data: {} }),
      { kind: 'retry', retryAfterMs: null },
    ],
    [
      'an invalid push',
      () => json({ code: Code.invalidRequest, msg: 'Invalid', data: { issues: [] } }),
      { kind: 'refused', code: Code.invalidRequest, msg: 'Invalid', data: { issues: [] } },
    ],
  ])('classifies %s', async (_name, respond, expected) => {
    const { transport } = transportAnswering(respond as () => Promise<Response>);
    expect(await transport.push(request, signal)).toEqual(expected);
  });
});

describe('backoff', () => {
  it('waits a random time up to base·2^(n-1), capped (full jitter)', () => {
    expect(backoffDelay(1, () => 0.999, 1000, 60_000)).toBe(999);
    expect(backoffDelay(4, () => 0.5, 1000, 60_000)).toBe(4000);
    expect(backoffDelay(20, () => 0.999, 1000, 60_000)).toBe(59_940);
    expect(backoffDelay(3, () => 0, 1000, 60_000)).toBe(0);
  });

  it('reads Retry-After as seconds or a date, capped at ten minutes', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('99999', now)).toBe(600_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
