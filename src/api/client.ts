import { Code, routes, viewAccountHeader } from '../contract';
import type { AccountSource, EndpointName, Envelope, InputOf, Language, OutputOf } from '../contract';
import { ApiError } from './errors';

export interface ApiClientOptions {
  /** Prefix of every path; '' (same origin) by default. */
  baseUrl?: string;
  /** Defaults to `globalThis.fetch`, looked up at call time so tests can swap it. */
  fetch?: typeof fetch;
  getToken(): string | null;
  getLanguage(): Language;
  /** The active account of this tab; sent so that two tabs may work in two accounts. */
  getViewAccount?(): number | null;
  /** Shows an error toast. */
  notifyError(message: string): void;
  /** Sends the browser elsewhere (spec §8 code 44: the sign-in address). */
  redirect(url: string): void;
  /** The localized 'network error'. */
  networkErrorText(): string;
}

export interface ApiClient {
  call<N extends EndpointName>(
    name: N,
    input?: InputOf<N>,
    options?: { headers?: Record<string, string> },
  ): Promise<OutputOf<N>>;
  /**
   * Uploads one file. `wordError` words the error toast around the server's message (or
   * 'network error'), so a failure shows one toast naming the file.
   */
  upload(
    name: 'feedbackUpload',
    file: Blob,
    fileName: string,
    options?: { wordError?: (reason: string) => string },
  ): Promise<OutputOf<'feedbackUpload'>>;
  /**
   * Identity calls are outside the §8 envelope handling: no toasts,
   * no redirects; the caller reads the code. They reject only on a network failure.
   */
  identity: {
    view(query: {
      code: string;
      state: string;
      session_state: string;
    }): Promise<Envelope<Partial<OutputOf<'identityView'>>>>;
    validate(): Promise<Envelope<OutputOf<'identityValidate'>>>;
    logout(source: AccountSource): Promise<Envelope<Partial<OutputOf<'identityLogout'>>>>;
    /** spec §8: a failed user-info fetch is ignored silently, so any failure gives null. */
    user(): Promise<OutputOf<'identityUser'> | null>;
  };
}

/** `Accept-Language` wants BCP-47 tags; the console stores `zh_CN` / `en_US`. */
const acceptLanguage: Record<Language, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (!isRecord(body) || typeof body.code !== 'number') return null;
  return { code: body.code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data };
}

function queryString(input: unknown): string {
  if (!isRecord(input)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value == null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item != null) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** spec §8: a successful result whose `data.level` is not 'info' carries `fast_msgs` per result. */
function nonInfoMessages(data: unknown): string[] | null {
  if (!isRecord(data) || data.level === undefined || data.level === 'info') return null;
  const results = Array.isArray(data.results) ? data.results : [];
  const messages: string[] = [];
  for (const item of results) {
    const fast = isRecord(item) ? item.fast_msgs : undefined;
    if (typeof fast === 'string') messages.push(fast);
    else if (Array.isArray(fast)) messages.push(...fast.filter((m): m is string => typeof m === 'string'));
  }
  return messages;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';

  function headers(extra?: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage[options.getLanguage()] ?? acceptLanguage.zh_CN,
    };
    const token = options.getToken();
    if (token) result.Authorization = `Bearer ${token}`;
    const viewAccount = options.getViewAccount?.() ?? null;
    if (viewAccount !== null) result[viewAccountHeader] = String(viewAccount);
    return { ...result, ...extra };
  }

  /** Resolves the parsed envelope, or null when the network failed or the body is not one. */
  async function request(path: string, init: RequestInit): Promise<Envelope<unknown> | null> {
    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      // spec §7: credentials sent, no timeout. The HTTP status does not matter: the body decides.
      const response = await doFetch.call(globalThis, `${baseUrl}${path}`, {
        ...init,
        credentials: 'include',
      });
      return asEnvelope(await response.json());
    } catch {
      return null;
    }
  }

  function jsonInit(
    name: EndpointName,
    input: unknown,
    extra?: Record<string, string>,
  ): [string, RequestInit] {
    const endpoint = routes[name];
    if (endpoint.method === 'GET') {
      return [`${endpoint.path}${queryString(input)}`, { method: 'GET', headers: headers(extra) }];
    }
    return [
      endpoint.path,
      {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json', ...extra }),
        body: JSON.stringify(input ?? {}),
      },
    ];
  }

  function networkFailure(wordError: (reason: string) => string): ApiError {
    const text = options.networkErrorText();
    options.notifyError(wordError(text));
    return new ApiError(ApiError.networkCode, text);
  }

  const asIs = (reason: string) => reason;

  /** The envelope rules of spec §8. */
  function settle<T>(envelope: Envelope<unknown> | null, wordError: (reason: string) => string = asIs): T {
    if (envelope === null) throw networkFailure(wordError);
    const { code, msg, data } = envelope;
    if (code === Code.signInRequired) {
      // spec §8: code 44 sends the browser to the sign-in address; no toast.
      const url = isRecord(data) && typeof data.url === 'string' ? data.url : null;
      if (url !== null) options.redirect(url);
      throw new ApiError(code, msg, data);
    }
    if (code === Code.realNameRequired) {
      // spec §8: the caller shows the real-name prompt; no message here.
      throw new ApiError(code, msg, data);
    }
    if (code !== Code.ok) {
      const text = msg || options.networkErrorText();
      options.notifyError(wordError(text));
      throw new ApiError(code, text, data);
    }
    const messages = nonInfoMessages(data);
    if (messages !== null) {
      const text = messages.join('\n');
      if (text) options.notifyError(text);
      throw new ApiError(code, text, data, messages);
    }
    return data as T;
  }

  /** Identity calls: the raw envelope, rejecting (silently) only on a network failure. */
  async function identityRequest<T>(name: EndpointName, input?: unknown): Promise<Envelope<T>> {
    const [path, init] = jsonInit(name, input);
    const envelope = await request(path, init);
    if (envelope === null) throw new ApiError(ApiError.networkCode, 'network error');
    return envelope as Envelope<T>;
  }

  return {
    async call(name, input, callOptions) {
      const [path, init] = jsonInit(name, input, callOptions?.headers);
      return settle(await request(path, init));
    },

    async upload(name, file, fileName, uploadOptions) {
      const form = new FormData();
      form.append('file', file, fileName);
      // No Content-Type: the browser writes the multipart boundary itself.
      const envelope = await request(routes[name].path, {
        method: 'POST',
        headers: headers(),
        body: form,
      });
      return settle(envelope, uploadOptions?.wordError);
    },

    identity: {
      view: (query) => identityRequest('identityView', query),
      validate: () => identityRequest('identityValidate'),
      logout: (source) => identityRequest('identityLogout', { source }),
      async user() {
        try {
          const envelope = await identityRequest<OutputOf<'identityUser'>>('identityUser');
          const data: unknown = envelope.data;
          if (envelope.code !== Code.ok || !isRecord(data)) return null;
          if (typeof data.username !== 'string') return null;
          return { username: data.username, balance: typeof data.balance === 'string' ? data.balance : '' };
        } catch {
          return null;
        }
      },
    },
  };
}

let shared: ApiClient | null = null;

function sharedClient(): ApiClient {
  if (shared === null) {
    throw new Error('The API client is not configured yet: call configureApi(options) at start-up first.');
  }
  return shared;
}

/** Creates the client the whole console uses (`api`) and returns it. */
export function configureApi(options: ApiClientOptions): ApiClient {
  shared = createApiClient(options);
  answeredOnce.clear();
  return shared;
}

/** Answers of `callOnce`, kept for the life of the page (switching account or language reloads it). */
const answeredOnce = new Map<EndpointName, Promise<unknown>>();

/**
 * spec §7: reads that are "cached, called once" (the overview's service types and domain list).
 * The first call's answer is shared by every later caller; a failed call is forgotten, so a
 * retry asks again.
 */
export function callOnce<N extends 'cdnType' | 'overviewDomains'>(name: N): Promise<OutputOf<N>> {
  let answer = answeredOnce.get(name) as Promise<OutputOf<N>> | undefined;
  if (answer === undefined) {
    answer = api.call(name);
    answeredOnce.set(name, answer);
    answer.catch(() => answeredOnce.delete(name));
  }
  return answer;
}

/** The shared client; every method delegates to the one set by `configureApi`. */
export const api: ApiClient = {
  call: (name, input, options) => sharedClient().call(name, input, options),
  upload: (name, file, fileName, options) => sharedClient().upload(name, file, fileName, options),
  identity: {
    view: (query) => sharedClient().identity.view(query),
    validate: () => sharedClient().identity.validate(),
    logout: (source) => sharedClient().identity.logout(source),
    user: () => sharedClient().identity.user(),
  },
};
