import { callRequest, fetchApi } from '../api';
import { Code, type Language } from '../contract';
import type { CommandResult, PushCommand } from '../contract/commands';
import { parseRetryAfter } from './backoff';

/** What one push came to. */
export type PushOutcome =
  | { kind: 'answered'; results: CommandResult[] }
  /** No answer that decides anything (network, 408, 429, 5xx): send again later. */
  | { kind: 'retry'; retryAfterMs: number | null }
  /** No valid sign-in for the account that made the edits: sign in again, then resume. */
  | { kind: 'signIn' }
  /** The account cannot take commands now (service closed, no longer viewable). */
  | { kind: 'blocked'; code: number; msg: string }
  /** The push itself was refused as invalid: every command of it is parked with the message. */
  | { kind: 'refused'; code: number; msg: string; data: Record<string, unknown> };

export interface PushRequest {
  actorId: number;
  accountId: number;
  commands: PushCommand[];
}

export interface PushTransport {
  push(request: PushRequest, signal: AbortSignal): Promise<PushOutcome>;
}

export interface HttpTransportOptions {
  baseUrl?: string;
  /** Looked up at call time, so tests can swap it. */
  fetch?: typeof fetch;
  /** The stored token and the account it belongs to (null when unknown). */
  credentials(): { token: string; userId: number | null } | null;
  /** The console's language, sent as the API client sends it. */
  language(): Language;
  now?: () => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Codes that mean: this token cannot act for the account that made the edits. */
const signInCodes = new Set<number>([Code.signInRequired, Code.tokenInvalid, Code.actorMismatch]);
const blockedCodes = new Set<number>([Code.accountBoundary, Code.serviceClosed]);

/**
 * Pushes commands over HTTP, through the API client's request (the same address, headers and
 * credentials as every call); it reads the HTTP status itself, as a push decides on it (retry
 * on 408, 429 and 5xx, after `Retry-After`). It never sends a command with the token of another account than
 * the one that made it: without a token of `actorId`, it asks to sign in again (the server
 * checks `actor_id` against the token too).
 */
export function createHttpTransport(options: HttpTransportOptions): PushTransport {
  const now = options.now ?? Date.now;
  return {
    async push(request, signal) {
      const credentials = options.credentials();
      if (credentials === null || (credentials.userId !== null && credentials.userId !== request.actorId)) {
        return { kind: 'signIn' };
      }
      const caller = {
        token: credentials.token,
        language: options.language(),
        viewAccount: request.accountId,
      };
      const [path, init] = callRequest(
        'syncPush',
        { actor_id: request.actorId, commands: request.commands },
        caller,
      );
      const response = await fetchApi(
        `${options.baseUrl ?? ''}${path}`,
        { ...init, signal },
        options.fetch ?? globalThis.fetch,
      );
      if (response === null) return { kind: 'retry', retryAfterMs: null };
      if (response.status === 408 || response.status === 429 || response.status >= 500) {
        return { kind: 'retry', retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return { kind: 'retry', retryAfterMs: null };
      }
      if (!isRecord(body) || typeof body.code !== 'number') return { kind: 'retry', retryAfterMs: null };
      const msg = typeof body.msg === 'string' ? body.msg : '';
      const data = isRecord(body.data) ? body.data : {};
      if (body.code === Code.ok) {
        const results = Array.isArray(data.results) ? (data.results as CommandResult[]) : [];
        return { kind: 'answered', results };
      }
      if (signInCodes.has(body.code)) return { kind: 'signIn' };
      if (blockedCodes.has(body.code)) return { kind: 'blocked', code: body.code, msg };
      if (body.code >= 50000) return { kind: 'retry', retryAfterMs: null };
      return { kind: 'refused', code: body.code, msg, data };
    },
  };
}
