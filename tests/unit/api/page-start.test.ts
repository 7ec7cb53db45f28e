import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api';
import { callRequest, pageStartKey, sendAtPageStart, takePageStartCall } from '../../../src/api/page-start';

const caller = { token: 'tok123', language: 'en_US' as const, viewAccount: 7 };

function client(fetchFn: typeof fetch) {
  return createApiClient({
    fetch: fetchFn,
    getToken: () => caller.token,
    getLanguage: () => caller.language,
    getViewAccount: () => caller.viewAccount,
    notifyError: () => {},
    redirect: () => {},
    networkErrorText: () => 'network error',
  });
}

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  delete window.__cdnPageStart;
  vi.unstubAllGlobals();
});

describe('calls sent at the page start', () => {
  it('sends what the client would send: same address, method, headers and body', () => {
    const page = vi.fn(async () => answer({ code: 0, msg: '', data: {} }));
    vi.stubGlobal('fetch', page);
    sendAtPageStart('baseInfo', {}, caller);
    sendAtPageStart('cdnType', undefined, caller);
    const calls = page.mock.calls as unknown as [string, RequestInit][];
    const [baseInfoUrl, baseInfoInit] = calls[0]!;
    const [cdnTypeUrl, cdnTypeInit] = calls[1]!;
    expect(baseInfoUrl).toBe('/v3/customer/customer/baseInfo');
    expect(baseInfoInit).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
    expect(baseInfoInit.headers).toEqual(callRequest('baseInfo', {}, caller)[1].headers);
    expect(baseInfoInit.headers).toMatchObject({
      Authorization: 'Bearer tok123',
      'Accept-Language': 'en-US',
      'x-view-account': '7',
    });
    expect(cdnTypeUrl).toBe('/v3/overview/overview/cdntype');
    expect(cdnTypeInit.method).toBe('GET');
  });

  it('gives each answer to the first identical call only, which then sends nothing', async () => {
    vi.stubGlobal('fetch', async () => answer({ code: 0, msg: '', data: { types: ['early'] } }));
    sendAtPageStart('cdnType', undefined, caller);
    const later = vi.fn(async () => answer({ code: 0, msg: '', data: { types: ['asked again'] } }));
    const api = client(later as unknown as typeof fetch);
    await expect(api.call('cdnType')).resolves.toEqual({ types: ['early'] });
    expect(later).not.toHaveBeenCalled();
    await expect(api.call('cdnType')).resolves.toEqual({ types: ['asked again'] });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('does not give an answer to a call with another input', async () => {
    vi.stubGlobal('fetch', async () => answer({ code: 0, msg: '', data: { which: 'early' } }));
    sendAtPageStart('baseInfo', {}, caller);
    const later = vi.fn(async () => answer({ code: 0, msg: '', data: { which: 'own' } }));
    await expect(client(later as unknown as typeof fetch).call('baseInfo', { user_id: 3 })).resolves.toEqual({
      which: 'own',
    });
    expect(takePageStartCall('baseInfo', {})).toBeDefined();
  });

  it('asks again when the early call failed on the network', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    sendAtPageStart('identityValidate', undefined, caller);
    const later = vi.fn(async () => answer({ code: 0, msg: '', data: {} }));
    await expect(client(later as unknown as typeof fetch).identity.validate()).resolves.toMatchObject({
      code: 0,
    });
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('names a call by its name and input, no input being the empty one', () => {
    expect(pageStartKey('cdnType', undefined)).toBe(pageStartKey('cdnType', {}));
    expect(pageStartKey('baseInfo', { user_id: 1 })).not.toBe(pageStartKey('baseInfo', {}));
  });
});
