import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi, createApiClient, isApiError } from '../../../src/api';
import type { ApiClientOptions, ApiError } from '../../../src/api';
import type { Language } from '../../../src/contract';

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fake network: answers each request with the next queued body (or throws). */
function fakeNetwork(...answers: Array<unknown | Error | { raw: string; status?: number }>) {
  const requests: Recorded[] = [];
  const queue = [...answers];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init: init ?? {} });
    const answer = queue.shift();
    if (answer instanceof Error) throw answer;
    if (answer !== null && typeof answer === 'object' && 'raw' in answer) {
      const { raw, status } = answer as { raw: string; status?: number };
      return new Response(raw, { status: status ?? 200 });
    }
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetchFn, requests };
}

function setup(
  answers: unknown[],
  overrides: {
    token?: string | null;
    language?: Language;
    baseUrl?: string;
    viewAccount?: number | null;
  } = {},
) {
  const net = fakeNetwork(...answers);
  const notifyError = vi.fn<(message: string) => void>();
  const redirect = vi.fn<(url: string) => void>();
  const options: ApiClientOptions = {
    fetch: net.fetchFn as unknown as typeof fetch,
    getToken: () => (overrides.token === undefined ? 'tok123' : overrides.token),
    getLanguage: () => overrides.language ?? 'zh_CN',
    notifyError,
    redirect,
    networkErrorText: () => 'network error',
    getViewAccount: () => overrides.viewAccount ?? null,
    ...(overrides.baseUrl === undefined ? {} : { baseUrl: overrides.baseUrl }),
  };
  return {
    client: createApiClient(options),
    notifyError,
    redirect,
    requests: net.requests,
    fetchFn: net.fetchFn,
  };
}

const headersOf = (r: Recorded) => new Headers(r.init.headers);

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

describe('request shape', () => {
  it('sends the bearer token, Accept-Language and credentials', async () => {
    const t = setup([{ code: 0, msg: '', data: { lists: [] } }], { language: 'en_US' });
    await t.client.call('authLists');
    const [req] = t.requests;
    expect(req?.url).toBe('/v3/customer/auth/lists');
    expect(req?.init.method).toBe('GET');
    expect(req?.init.credentials).toBe('include');
    expect(headersOf(req!).get('Authorization')).toBe('Bearer tok123');
    expect(headersOf(req!).get('Accept-Language')).toBe('en-US');
    expect(req?.init.signal).toBeUndefined();
  });

  it.each([
    ['zh_CN', 'zh-CN'],
    ['en_US', 'en-US'],
  ] as const)('maps language %s to Accept-Language %s', async (language, header) => {
    const t = setup([{ code: 0, msg: '', data: {} }], { language });
    await t.client.call('cwn');
    expect(headersOf(t.requests[0]!).get('Accept-Language')).toBe(header);
  });

  it("sends this tab's active account, and nothing when none is kept", async () => {
    const t = setup(
      [
        { code: 0, msg: '', data: {} },
        { code: 0, msg: '', data: {} },
      ],
      { viewAccount: 42 },
    );
    await t.client.call('cwn');
    expect(headersOf(t.requests[0]!).get('x-view-account')).toBe('42');
    const u = setup([{ code: 0, msg: '', data: {} }]);
    await u.client.call('cwn');
    expect(headersOf(u.requests[0]!).has('x-view-account')).toBe(false);
  });

  it('omits Authorization without a token', async () => {
    const t = setup([{ code: 0, msg: '', data: {} }], { token: null });
    await t.client.call('cwn');
    expect(headersOf(t.requests[0]!).has('Authorization')).toBe(false);
  });

  it('puts GET input in the query string, no body', async () => {
    const t = setup([{ code: 0, msg: '', data: { token: 't', expires_at: '', login_account_source: 0 } }]);
    await t.client.call('identityView', { code: 'c 1', state: 's&2', session_state: 'ss' });
    const [req] = t.requests;
    const url = new URL(req!.url, 'http://x');
    expect(url.pathname).toBe('/account/user/view');
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'c 1', state: 's&2', session_state: 'ss' });
    expect(req?.init.body).toBeUndefined();
  });

  it('posts input as a JSON body, {} when none, with extra headers', async () => {
    const t = setup([
      { code: 0, msg: '', data: { view_id: 7 } },
      { code: 0, msg: '', data: { lists: [] } },
    ]);
    await t.client.call('switchUser', { user_id: 7 }, { headers: { 'x-auth-state': 'st' } });
    await t.client.call('viewLists');
    const [first, second] = t.requests;
    expect(first?.init.method).toBe('POST');
    expect(JSON.parse(String(first?.init.body))).toEqual({ user_id: 7 });
    expect(headersOf(first!).get('Content-Type')).toBe('application/json');
    expect(headersOf(first!).get('x-auth-state')).toBe('st');
    expect(second?.init.body).toBe('{}');
  });

  it('prefixes the base URL', async () => {
    const t = setup([{ code: 0, msg: '', data: {} }], { baseUrl: 'https://api.example.test' });
    await t.client.call('cwn');
    expect(t.requests[0]?.url).toBe('https://api.example.test/v3/customer/customer/cwn');
  });

  it('looks up globalThis.fetch at call time when none is given', async () => {
    const net = fakeNetwork({ code: 0, msg: '', data: { has_cwn: false, cwn_link: '' } });
    const client = createApiClient({
      getToken: () => null,
      getLanguage: () => 'zh_CN',
      notifyError: () => {},
      redirect: () => {},
      networkErrorText: () => 'network error',
    });
    vi.stubGlobal('fetch', net.fetchFn);
    try {
      await expect(client.call('cwn')).resolves.toEqual({ has_cwn: false, cwn_link: '' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(net.requests).toHaveLength(1);
  });
});

describe('envelope rules (spec §8)', () => {
  it('code 0 resolves data without a toast', async () => {
    const t = setup([{ code: 0, msg: 'ok', data: { view_id: 3 } }]);
    await expect(t.client.call('switchUser', { user_id: 3 })).resolves.toEqual({ view_id: 3 });
    expect(t.notifyError).not.toHaveBeenCalled();
    expect(t.redirect).not.toHaveBeenCalled();
  });

  it('code 44 redirects to data.url and rejects without a toast', async () => {
    const t = setup([{ code: 44, msg: 'sign in', data: { url: '/portal/login?redirect_uri=%2F' } }]);
    const error = await rejection(t.client.call('authLists'));
    expect(error.code).toBe(44);
    expect(t.redirect).toHaveBeenCalledWith('/portal/login?redirect_uri=%2F');
    expect(t.notifyError).not.toHaveBeenCalled();
  });

  it('code 11000608 rejects with the code and shows nothing', async () => {
    const t = setup([{ code: 11000608, msg: 'not verified', data: null }]);
    const error = await rejection(
      t.client.call('productOpen', { agreement: true, mode: 'flow', is_overseas: 1, product: 'cdn' }),
    );
    expect(error.code).toBe(11000608);
    expect(t.notifyError).not.toHaveBeenCalled();
    expect(t.redirect).not.toHaveBeenCalled();
  });

  it.each([
    {
      name: 'with a message',
      body: { code: 40301, msg: 'No permission', data: null },
      toast: 'No permission',
    },
    { name: 'with an empty message', body: { code: 40401, msg: '', data: null }, toast: 'network error' },
    { name: 'without msg at all', body: { code: 50000, data: null }, toast: 'network error' },
  ])('any other nonzero code toasts and rejects ($name)', async ({ body, toast }) => {
    const t = setup([body]);
    const error = await rejection(t.client.call('cwn'));
    expect(error.code).toBe(body.code);
    expect(error.message).toBe(toast);
    expect(t.notifyError).toHaveBeenCalledTimes(1);
    expect(t.notifyError).toHaveBeenCalledWith(toast);
  });

  it('keeps data of a rejected call (validation issues)', async () => {
    const issues = [{ path: 'title', message_id: 'feedback.title.required' }];
    const t = setup([{ code: 40001, msg: 'Invalid', data: { issues } }]);
    const error = await rejection(
      t.client.call('feedbackAdd', { type: 'other', product: 'cdn', title: '', content: 'x' }),
    );
    expect(error.data).toEqual({ issues });
  });

  it('reads the envelope of a non-200 answer too', async () => {
    const t = setup([{ raw: JSON.stringify({ code: 50000, msg: 'Server fault', data: null }), status: 500 }]);
    const error = await rejection(t.client.call('cwn'));
    expect(error.code).toBe(50000);
    expect(t.notifyError).toHaveBeenCalledWith('Server fault');
  });

  it.each([
    {
      name: 'level error with two results',
      data: { level: 'error', results: [{ fast_msgs: 'first bad' }, { fast_msgs: 'second bad' }] },
      messages: ['first bad', 'second bad'],
    },
    {
      name: 'level warning with array fast_msgs',
      data: { level: 'warning', results: [{ fast_msgs: ['a', 'b'] }, { other: 1 }] },
      messages: ['a', 'b'],
    },
  ])('code 0 with data.level not info rejects with fast_msgs ($name)', async ({ data, messages }) => {
    const t = setup([{ code: 0, msg: '', data }]);
    const error = await rejection(t.client.call('cwn'));
    expect(error.messages).toEqual(messages);
    expect(t.notifyError).toHaveBeenCalledWith(messages.join('\n'));
  });

  it('code 0 with data.level info resolves', async () => {
    const data = { level: 'info', results: [{ fast_msgs: 'fine' }] };
    const t = setup([{ code: 0, msg: '', data }]);
    await expect(t.client.call('cwn')).resolves.toEqual(data);
    expect(t.notifyError).not.toHaveBeenCalled();
  });

  it.each([
    { name: 'fetch throws', answer: new TypeError('Failed to fetch') },
    { name: 'body is not JSON', answer: { raw: '<html>Bad gateway</html>', status: 502 } },
    { name: 'JSON without a code', answer: { hello: 'world' } },
  ])('network failure toasts network error and rejects with -1 ($name)', async ({ answer }) => {
    const t = setup([answer]);
    const error = await rejection(t.client.call('cwn'));
    expect(error.code).toBe(-1);
    expect(t.notifyError).toHaveBeenCalledWith('network error');
    expect(t.redirect).not.toHaveBeenCalled();
  });
});

describe('a call that needs a recent sign-in (40103)', () => {
  const needsPassword = { code: 40103, msg: 'Confirm your password first.', data: {} };
  const withConfirm = (answers: unknown[], confirmed: boolean) => {
    const net = fakeNetwork(...answers);
    const confirmPassword = vi.fn(async () => confirmed);
    const notifyError = vi.fn<(message: string) => void>();
    const client = createApiClient({
      fetch: net.fetchFn as unknown as typeof fetch,
      getToken: () => 'tok123',
      getLanguage: () => 'en_US',
      notifyError,
      redirect: vi.fn(),
      networkErrorText: () => 'network error',
      confirmPassword,
    });
    return { client, confirmPassword, notifyError, requests: net.requests };
  };

  it('asks for the password, then sends the same call again, quiet calls too', async () => {
    const t = withConfirm([needsPassword, { code: 0, msg: '', data: { secret: 's' } }], true);
    const input = { user_id: 1, access: 'read' as const };
    await expect(t.client.call('tokenCreate', input, { quiet: true })).resolves.toEqual({ secret: 's' });
    expect(t.confirmPassword).toHaveBeenCalledTimes(1);
    expect(t.requests).toHaveLength(2);
    expect(t.requests[1]!.init.body).toBe(t.requests[0]!.init.body);
  });

  it('declined: rejects with 40103, sends nothing more, and toasts only a call that is not quiet', async () => {
    const t = withConfirm([needsPassword, needsPassword], false);
    const error = await rejection(t.client.call('twoFactorSetup'));
    expect(error.code).toBe(40103);
    expect(t.requests).toHaveLength(1);
    expect(t.notifyError).toHaveBeenCalledWith('Confirm your password first.');
    const quiet = await rejection(t.client.call('twoFactorSetup', undefined, { quiet: true }));
    expect(quiet.code).toBe(40103);
    expect(t.notifyError).toHaveBeenCalledTimes(1);
  });

  it('asks once: a second 40103 after the confirmation is the answer', async () => {
    const t = withConfirm([needsPassword, needsPassword], true);
    const error = await rejection(t.client.call('twoFactorSetup'));
    expect(error.code).toBe(40103);
    expect(t.confirmPassword).toHaveBeenCalledTimes(1);
  });
});

describe('upload', () => {
  it('posts multipart form data with the field file', async () => {
    const t = setup([{ code: 0, msg: '', data: { id: 'u1', name: 'a.png', size: 3, type: 'image/png' } }]);
    // A File (not a bare Blob): happy-dom's FormData drops the file name of a bare Blob.
    const picked = new File(['abc'], 'IMG 0001.png', { type: 'image/png' });
    const result = await t.client.upload('feedbackUpload', picked, 'a.png');
    expect(result.id).toBe('u1');
    const [req] = t.requests;
    expect(req?.url).toBe('/v3/suggestion/feedback/upload');
    expect(req?.init.method).toBe('POST');
    expect(req?.init.credentials).toBe('include');
    expect(req?.init.body).toBeInstanceOf(FormData);
    const file = (req?.init.body as FormData).get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('a.png');
    expect(headersOf(req!).get('Authorization')).toBe('Bearer tok123');
    // The browser must write the multipart boundary itself.
    expect(headersOf(req!).has('Content-Type')).toBe(false);
  });

  it.each([
    {
      body: { code: 41301, msg: 'File size exceeds 5M', data: null },
      code: 41301,
      toast: 'File size exceeds 5M',
    },
    { body: { code: 44, msg: '', data: { url: '/portal/login?redirect_uri=%2F' } }, code: 44, toast: null },
  ])('applies the envelope rules (code $code)', async ({ body, code, toast }) => {
    const t = setup([body]);
    const error = await rejection(t.client.upload('feedbackUpload', new Blob(['x']), 'x.png'));
    expect(error.code).toBe(code);
    if (toast === null) {
      expect(t.notifyError).not.toHaveBeenCalled();
      expect(t.redirect).toHaveBeenCalledWith('/portal/login?redirect_uri=%2F');
    } else {
      expect(t.notifyError).toHaveBeenCalledWith(toast);
    }
  });
  it('words its one error toast around the server message or the network error', async () => {
    const wordError = (reason: string) => `x.png upload failed: ${reason}`;
    const t = setup([{ code: 41301, msg: 'File size exceeds 5M', data: null }, new Error('offline')]);
    const refused = await rejection(
      t.client.upload('feedbackUpload', new Blob(['x']), 'x.png', { wordError }),
    );
    expect(refused.message).toBe('File size exceeds 5M');
    const lost = await rejection(t.client.upload('feedbackUpload', new Blob(['x']), 'x.png', { wordError }));
    expect(lost.isNetworkError).toBe(true);
    expect(t.notifyError.mock.calls).toEqual([
      ['x.png upload failed: File size exceeds 5M'],
      ['x.png upload failed: network error'],
    ]);
  });
});

describe('identity calls', () => {
  it.each([
    ['view code 604', () => ({ code: 604, msg: 'not open', data: { token: 't' } })],
    ['validate code 40101', () => ({ code: 40101, msg: 'sign in', data: { url: '/portal/login' } })],
    ['validate code 44', () => ({ code: 44, msg: 'not open', data: { url: '/portal/login' } })],
  ])('resolve the raw envelope without toast or redirect (%s)', async (_name, body) => {
    const t = setup([body(), body()]);
    await expect(t.client.identity.view({ code: 'c', state: 's', session_state: 'ss' })).resolves.toEqual(
      body(),
    );
    await expect(t.client.identity.validate()).resolves.toEqual(body());
    expect(t.notifyError).not.toHaveBeenCalled();
    expect(t.redirect).not.toHaveBeenCalled();
  });

  it('view sends the query; validate sends the bearer token', async () => {
    const t = setup([
      { code: 0, msg: '', data: { token: 'new' } },
      { code: 0, msg: '', data: {} },
    ]);
    await t.client.identity.view({ code: 'c', state: 's', session_state: 'ss' });
    await t.client.identity.validate();
    expect(t.requests[0]?.url).toBe('/account/user/view?code=c&state=s&session_state=ss');
    expect(t.requests[1]?.url).toBe('/account/user/validate');
    expect(headersOf(t.requests[1]!).get('Authorization')).toBe('Bearer tok123');
    expect(t.requests[1]?.init.credentials).toBe('include');
  });

  it('logout posts the source and resolves the envelope', async () => {
    const t = setup([{ code: 0, msg: '', data: { url: '/canvas/logout' } }]);
    await expect(t.client.identity.logout('canvas')).resolves.toEqual({
      code: 0,
      msg: '',
      data: { url: '/canvas/logout' },
    });
    expect(t.requests[0]?.url).toBe('/account/user/logout');
    expect(t.requests[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(t.requests[0]?.init.body))).toEqual({ source: 'canvas' });
  });

  it('reject with -1 on a network failure, silently', async () => {
    const t = setup([new TypeError('offline'), new TypeError('offline'), { raw: 'not json' }]);
    expect((await rejection(t.client.identity.validate())).code).toBe(-1);
    expect(
      (await rejection(t.client.identity.view({ code: 'c', state: 's', session_state: 'ss' }))).code,
    ).toBe(-1);
    expect((await rejection(t.client.identity.logout('portal'))).code).toBe(-1);
    expect(t.notifyError).not.toHaveBeenCalled();
  });

  it('user() resolves username and balance', async () => {
    const t = setup([{ code: 0, msg: '', data: { username: 'demo', balance: '12.50' } }]);
    await expect(t.client.identity.user()).resolves.toEqual({ username: 'demo', balance: '12.50' });
    expect(t.requests[0]?.url).toBe('/portal/api/user');
    expect(t.requests[0]?.init.credentials).toBe('include');
  });

  it.each([
    ['a nonzero code', { code: 40101, msg: 'no session', data: null }],
    ['a network failure', new TypeError('offline')],
    ['a body that is not JSON', { raw: 'oops' }],
    ['data without username', { code: 0, msg: '', data: {} }],
  ])('user() is null on %s, silently', async (_name, answer) => {
    const t = setup([answer]);
    await expect(t.client.identity.user()).resolves.toBeNull();
    expect(t.notifyError).not.toHaveBeenCalled();
    expect(t.redirect).not.toHaveBeenCalled();
  });
});

describe('shared instance', () => {
  it('throws a clear error before configureApi, then delegates to the configured client', async () => {
    expect(() => api.call('cwn')).toThrow(/configureApi/);
    const net = fakeNetwork({
      code: 0,
      msg: '',
      data: { has_cwn: true, cwn_link: 'https://oss.example.com' },
    });
    configureApi({
      fetch: net.fetchFn as unknown as typeof fetch,
      getToken: () => null,
      getLanguage: () => 'zh_CN',
      notifyError: () => {},
      redirect: () => {},
      networkErrorText: () => 'network error',
    });
    await expect(api.call('cwn')).resolves.toEqual({ has_cwn: true, cwn_link: 'https://oss.example.com' });
  });

  function configured(...answers: unknown[]) {
    const net = fakeNetwork(...answers);
    const notifyError = vi.fn<(message: string) => void>();
    configureApi({
      fetch: net.fetchFn as unknown as typeof fetch,
      getToken: () => 't',
      getLanguage: () => 'en_US',
      notifyError,
      redirect: () => {},
      networkErrorText: () => 'network error',
    });
    return { ...net, notifyError };
  }

  it('passes upload options through', async () => {
    const t = configured({ code: 41301, msg: 'File size exceeds 5M', data: null });
    const wordError = (reason: string) => `a.png: ${reason}`;
    await expect(api.upload('feedbackUpload', new Blob(['x']), 'a.png', { wordError })).rejects.toThrow();
    expect(t.notifyError).toHaveBeenCalledWith('a.png: File size exceeds 5M');
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
