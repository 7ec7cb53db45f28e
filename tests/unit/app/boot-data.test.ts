import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, readActiveAccount, writeActiveAccount } from '../../../src/api';
import { loadBootData } from '../../../src/app/boot-data';

const loginInfo = {
  view_id: 7,
  user_id: 7,
  login: 'channel',
  lists: [],
  login_account_source: 0,
  service_status: 'open',
  kind: 'main',
};

/** A server that refuses account 99 (no longer viewable) and answers the start-up call otherwise. */
function server() {
  const seen: (string | null)[] = [];
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    const view = new Headers(init.headers).get('x-view-account');
    if (!url.endsWith('/v3/customer/console/boot')) throw new Error(`unexpected call ${url}`);
    seen.push(view);
    const body =
      view === '99'
        ? { code: 40302, msg: 'not viewable', data: {} }
        : {
            code: 0,
            msg: '',
            data: {
              login_info: loginInfo,
              menu: [],
              dict: { area: { '1': 'China Mainland' } },
              flags: { 'is/channel/account': true, 'enable/view/top_url_type': false },
              cwn: { has_cwn: false, cwn_link: '' },
            },
          };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return { fetchFn, seen };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('loadBootData', () => {
  it("falls back to the sign-in's account when this tab's account is refused", async () => {
    const s = server();
    const notifyError = vi.fn();
    configureApi({
      fetch: s.fetchFn as unknown as typeof fetch,
      getToken: () => 't',
      getLanguage: () => 'en_US',
      getViewAccount: readActiveAccount,
      notifyError,
      redirect: vi.fn(),
      networkErrorText: () => 'network error',
    });
    writeActiveAccount(99);
    const data = await loadBootData(true);
    expect(data).toMatchObject({
      serviceOpen: true,
      loginInfo: { view_id: 7 },
      dict: { area: { '1': 'China Mainland' } },
      isChannel: true,
      isTopUrlType: false,
    });
    // One call a try: the refused account's, then the sign-in's own.
    expect(s.seen).toEqual(['99', null]);
    expect(readActiveAccount()).toBeNull();
  });

  it('keeps a viewable account', async () => {
    const s = server();
    configureApi({
      fetch: s.fetchFn as unknown as typeof fetch,
      getToken: () => 't',
      getLanguage: () => 'en_US',
      getViewAccount: readActiveAccount,
      notifyError: vi.fn(),
      redirect: vi.fn(),
      networkErrorText: () => 'network error',
    });
    writeActiveAccount(7);
    await loadBootData(true);
    expect(s.seen).toEqual(['7']);
    expect(readActiveAccount()).toBe(7);
  });
});
