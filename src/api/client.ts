import { Code, routes } from '../contract';
import type { AccountSource, EndpointName, Envelope, InputOf, Language, OutputOf } from '../contract';
import { ApiError } from './errors';
import { requestHeaders } from './headers';
import { fetchApi } from './http';
import { callRequest, queryString, takePageStartCall } from './page-start';

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
  /**
   * Asks the user to confirm the password (a call answered 40103 needs a recent sign-in);
   * resolves true once confirmed, when the call is sent again, or false when the user declines.
   */
  confirmPassword?(): Promise<boolean>;
}

export interface ApiClient {
  call<N extends EndpointName>(
    name: N,
    input?: InputOf<N>,
    /**
     * `quiet`: no toast and no redirect; the caller shows a failure itself (calls started before
     * the screen that shows them exists).
     */
    options?: { headers?: Record<string, string>; quiet?: boolean },
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
   * Sends raw bytes to a binary endpoint (a chunk of a large file), its input in the query.
   * Quiet: the caller handles every failure (resumes, retries, or shows it in place).
   */
  sendBytes(
    name: 'fileSyncChunk',
    input: InputOf<'fileSyncChunk'>,
    bytes: Blob,
    options?: { signal?: AbortSignal },
  ): Promise<OutputOf<'fileSyncChunk'>>;
  /**
   * A call that answers a file (report export): the file, or the §8 envelope handling of an error
   * answer (toast, rejection).
   */
  download(
    path: string,
    input: unknown,
    options?: { quiet?: boolean },
  ): Promise<{ blob: Blob; fileName: string }>;
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asEnvelope(body: unknown): Envelope<unknown> | null {
  if (!isRecord(body) || typeof body.code !== 'number') return null;
  return { code: body.code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data };
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

  const caller = () => ({
    token: options.getToken(),
    language: options.getLanguage(),
    viewAccount: options.getViewAccount?.() ?? null,
  });

  /** The response, or null when the network failed. */
  const fetchOf = (path: string, init: RequestInit) =>
    fetchApi(`${baseUrl}${path}`, init, options.fetch ?? globalThis.fetch);

  /**
   * Resolves the parsed envelope, or null when the network failed or the body is not one. The
   * HTTP status does not matter: the body decides.
   */
  async function request(path: string, init: RequestInit): Promise<Envelope<unknown> | null> {
    const response = await fetchOf(path, init);
    return response && asEnvelope(await response.json().catch(() => null));
  }

  /**
   * The envelope of a JSON call: the answer of the same call sent by the page start when there is
   * one (see `./page-start`), else a request of its own.
   */
  async function send(
    name: EndpointName,
    input: unknown,
    extra?: Record<string, string>,
  ): Promise<Envelope<unknown> | null> {
    const started = extra === undefined ? takePageStartCall(name, input) : undefined;
    if (started) {
      const envelope = asEnvelope(await started);
      if (envelope !== null) return envelope;
    }
    return request(...callRequest(name, input, caller(), extra));
  }

  function networkFailure(wordError: (reason: string) => string, quiet: boolean): ApiError {
    const text = options.networkErrorText();
    if (!quiet) options.notifyError(wordError(text));
    return new ApiError(ApiError.networkCode, text);
  }

  const asIs = (reason: string) => reason;

  /** The envelope rules of spec §8. */
  function settle<T>(
    envelope: Envelope<unknown> | null,
    wordError: (reason: string) => string = asIs,
    quiet = false,
  ): T {
    if (envelope === null) throw networkFailure(wordError, quiet);
    const { code, msg, data } = envelope;
    if (code === Code.signInRequired) {
      // spec §8: code 44 sends the browser to the sign-in address; no toast.
      const url = isRecord(data) && typeof data.url === 'string' ? data.url : null;
      if (url !== null && !quiet) options.redirect(url);
      throw new ApiError(code, msg, data);
    }
    if (code === Code.realNameRequired) {
      // spec §8: the caller shows the real-name prompt; no message here.
      throw new ApiError(code, msg, data);
    }
    if (code !== Code.ok) {
      const text = msg || options.networkErrorText();
      if (!quiet) options.notifyError(wordError(text));
      throw new ApiError(code, text, data);
    }
    const messages = nonInfoMessages(data);
    if (messages !== null) {
      const text = messages.join('\n');
      if (text && !quiet) options.notifyError(text);
      throw new ApiError(code, text, data, messages);
    }
    return data as T;
  }

  /** Identity calls: the raw envelope, rejecting (silently) only on a network failure. */
  async function identityRequest<T>(name: EndpointName, input?: unknown): Promise<Envelope<T>> {
    const envelope = await send(name, input);
    if (envelope === null) throw new ApiError(ApiError.networkCode, 'network error');
    return envelope as Envelope<T>;
  }

  return {
    async call(name, input, callOptions) {
      let envelope = await send(name, input, callOptions?.headers);
      // A call that needs a recent sign-in is sent again once the user has confirmed the
      // password; quiet calls too, as they are made by the user's own actions.
      if (envelope?.code === Code.reauthRequired && (await options.confirmPassword?.()) === true)
        envelope = await send(name, input, callOptions?.headers);
      return settle(envelope, asIs, callOptions?.quiet === true);
    },

    async upload(name, file, fileName, uploadOptions) {
      const form = new FormData();
      form.append('file', file, fileName);
      // No Content-Type: the browser writes the multipart boundary itself.
      const envelope = await request(routes[name].path, {
        method: 'POST',
        headers: requestHeaders(caller()),
        body: form,
      });
      return settle(envelope, uploadOptions?.wordError);
    },

    async sendBytes(name, input, bytes, sendOptions) {
      const envelope = await request(`${routes[name].path}${queryString(input)}`, {
        method: 'POST',
        headers: requestHeaders(caller(), { 'Content-Type': 'application/octet-stream' }),
        body: bytes,
        ...(sendOptions?.signal ? { signal: sendOptions.signal } : {}),
      });
      return settle(envelope, asIs, true);
    },

    async download(path, input, { quiet = false } = {}) {
      const response = await fetchOf(path, {
        method: 'POST',
        headers: requestHeaders(caller(), { 'Content-Type': 'application/json' }),
        body: JSON.stringify(input),
      });
      if (response?.ok && !response.headers.get('content-type')?.includes('json')) {
        const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
        return { blob: await response.blob(), fileName: name ?? 'download' };
      }
      // A refusal answers the envelope: the rules of spec §8 (toast, rejection).
      settle(response && asEnvelope(await response.json().catch(() => null)), asIs, quiet);
      throw networkFailure(asIs, quiet);
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
  started.clear();
  return shared;
}

/** Calls started before the screen that uses them was loaded (see `startEarly`, `takeStarted`). */
const started = new Map<EndpointName, Promise<unknown>>();

/**
 * Starts a call now, for a screen whose code is still loading: the page start sends the first
 * screen's calls while the rest of the console is being read. It is quiet (no toast, no
 * redirect): whoever takes it shows a failure, and the start-up's own checks lead to sign-in.
 */
export function startEarly<N extends EndpointName>(name: N, input?: InputOf<N>): void {
  const answer = api.call(name, input, { quiet: true });
  answer.catch(() => {});
  started.set(name, answer);
}

/** The answer of a call started early, once: a later caller asks afresh. */
export function takeStarted<N extends EndpointName>(name: N): Promise<OutputOf<N>> | undefined {
  const answer = started.get(name) as Promise<OutputOf<N>> | undefined;
  started.delete(name);
  return answer;
}

/** The shared client; every method delegates to the one set by `configureApi`. */
export const api: ApiClient = {
  call: (name, input, options) => sharedClient().call(name, input, options),
  upload: (name, file, fileName, options) => sharedClient().upload(name, file, fileName, options),
  sendBytes: (name, input, bytes, options) => sharedClient().sendBytes(name, input, bytes, options),
  download: (path, input, options) => sharedClient().download(path, input, options),
  identity: {
    view: (query) => sharedClient().identity.view(query),
    validate: () => sharedClient().identity.validate(),
    logout: (source) => sharedClient().identity.logout(source),
    user: () => sharedClient().identity.user(),
  },
};
