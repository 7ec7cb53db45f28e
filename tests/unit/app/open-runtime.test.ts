import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOnLogout, readToken, writeToken } from '../../../src/api';
import { readTokenOwner, writeTokenOwner } from '../../../src/api/storage';
import { openRuntime } from '../../../src/app/sync/open-runtime';
import type { SyncRuntime } from '../../../src/sync/runtime';
import { ban, setOnline } from './sync-fixtures';

let runtime: SyncRuntime | null = null;
let nextId = 9000;

function answering() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = JSON.parse(String(init.body)) as { commands: { key: string; base_version: number }[] };
    const results = body.commands.map((c) => ({
      key: c.key,
      code: 0,
      msg: '',
      data: { version: 1, snapshot: {} },
    }));
    return new Response(JSON.stringify({ code: 0, msg: '', data: { results } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});
afterEach(() => {
  runtime?.close();
  runtime = null;
  vi.unstubAllGlobals();
});

describe('the token owner', () => {
  it('is forgotten when another token is stored, and cleared at logout', () => {
    writeToken('t1');
    writeTokenOwner(7);
    expect(readTokenOwner()).toBe(7);
    writeToken('t2');
    expect(readTokenOwner()).toBeNull();
    writeTokenOwner(8);
    clearOnLogout();
    expect(readTokenOwner()).toBeNull();
    expect(readToken()).toBeNull();
  });
});

describe("the console's sender", () => {
  it("pushes with the stored token, the active account and the console's language", async () => {
    const calls = answering();
    const id = (nextId += 1);
    writeToken('token-a');
    writeTokenOwner(id);
    runtime = await openRuntime({ actorId: id, accountId: 42 }, 'zh_CN');
    runtime.engine.start();
    await runtime.enqueue(ban('192.0.2.1'));
    await vi.waitFor(async () => expect(await runtime?.store.pending()).toEqual([]));
    expect(calls).toHaveLength(1);
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer token-a');
    expect(headers.get('accept-language')).toBe('zh-CN');
    expect(headers.get('x-view-account')).toBe('42');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ actor_id: id });
  });

  it("never sends one account's edits with another account's token: it asks to sign in again", async () => {
    const calls = answering();
    const id = (nextId += 1);
    writeToken('token-of-someone-else');
    writeTokenOwner(id + 1);
    runtime = await openRuntime({ actorId: id, accountId: id }, 'en_US');
    runtime.engine.start();
    await runtime.enqueue(ban('192.0.2.1'));
    await vi.waitFor(() => expect(runtime?.engine.status.phase).toBe('signIn'));
    expect(calls).toHaveLength(0);
    expect(await runtime.store.pending()).toHaveLength(1);
  });
});
