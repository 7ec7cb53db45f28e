import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, readActiveAccount, writeActiveAccount, writeToken } from '../../../src/api';
import { appSignInEffects, runSignIn } from '../../../src/app/sign-in';

/** A validate endpoint that refuses the tab's account 99 (40302) and answers the rest as open. */
function validateServer() {
  const asked: (string | null)[] = [];
  const fetchFn = vi.fn(async (_url: string, init: RequestInit) => {
    const view = new Headers(init.headers).get('x-view-account');
    asked.push(view);
    const body =
      view === '99'
        ? { code: 40302, msg: 'not viewable', data: {} }
        : { code: 0, msg: '', data: { service_status: 'open' } };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  configureApi({
    fetch: fetchFn as unknown as typeof fetch,
    getToken: () => 'token',
    getLanguage: () => 'en_US',
    getViewAccount: readActiveAccount,
    notifyError: vi.fn(),
    redirect: vi.fn(),
    networkErrorText: () => 'network error',
  });
  return asked;
}

beforeEach(() => {
  sessionStorage.clear();
  writeToken('token');
});
afterEach(() => vi.restoreAllMocks());

describe('the console sign-in (spec §4) with a stored token', () => {
  it("forgets a tab's account that may no longer be viewed, and validates again", async () => {
    const asked = validateServer();
    writeActiveAccount(99);
    await expect(runSignIn({ search: '', expectedState: null }, appSignInEffects)).resolves.toBe('open');
    expect(asked).toEqual(['99', null]);
    expect(readActiveAccount()).toBeNull();
  });

  it("keeps a viewable tab's account and validates once", async () => {
    const asked = validateServer();
    writeActiveAccount(7);
    await expect(runSignIn({ search: '', expectedState: null }, appSignInEffects)).resolves.toBe('open');
    expect(asked).toEqual(['7']);
    expect(readActiveAccount()).toBe(7);
  });
});
