import { routes, type RouteName } from '../contract/routes';
import { requestHeaders, type Caller } from './headers';

/**
 * Calls sent by the page itself, before the console's code has been read (the page-start script
 * that the build writes into index.html): the token check, the start-up data and the first
 * screen's reads go out while the browser is still compiling the console. The client takes each
 * answer for the first identical call (same name, same input) and sends nothing for it.
 */
export interface PageStartCall {
  key: string;
  /** The parsed body, or null when the network failed or the body was not JSON. */
  body: Promise<unknown>;
}

declare global {
  interface Window {
    __cdnPageStart?: PageStartCall[];
  }
}

/** A call's identity: its name and its input (none and `{}` are the same input). */
export const pageStartKey = (name: RouteName, input: unknown): string =>
  `${name} ${JSON.stringify(input ?? {})}`;

/** The request of a JSON call: its address and its init (spec §7: credentials sent, no timeout). */
export function callRequest(
  name: RouteName,
  input: unknown,
  caller: Caller,
  extra?: Record<string, string>,
): [string, RequestInit] {
  const { method, path } = routes[name];
  if (method === 'GET') {
    return [`${path}${queryString(input)}`, { method, headers: requestHeaders(caller, extra) }];
  }
  return [
    path,
    {
      method,
      headers: requestHeaders(caller, { 'Content-Type': 'application/json', ...extra }),
      body: JSON.stringify(input ?? {}),
    },
  ];
}

/** A GET call's input as a query string; a list repeats its key. */
export function queryString(input: unknown): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value == null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item != null) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sends a call from the page start; its answer waits in `window.__cdnPageStart`. */
export function sendAtPageStart(name: RouteName, input: unknown, caller: Caller): void {
  const [path, init] = callRequest(name, input, caller);
  const body = fetch(path, { ...init, credentials: 'include' }).then(
    (response) => response.json() as Promise<unknown>,
    () => null,
  );
  body.catch(() => {});
  (window.__cdnPageStart ??= []).push({ key: pageStartKey(name, input), body });
}

/** The answer of a call the page start sent, taken once; undefined when it sent none. */
export function takePageStartCall(name: RouteName, input: unknown): Promise<unknown> | undefined {
  const calls = globalThis.window?.__cdnPageStart;
  if (!calls) return undefined;
  const key = pageStartKey(name, input);
  const index = calls.findIndex((call) => call.key === key);
  if (index < 0) return undefined;
  const [call] = calls.splice(index, 1);
  return call!.body;
}
