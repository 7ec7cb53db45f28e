import { configureApi } from '../../src/api';
import { routes, type EndpointName } from '../../src/contract';

/**
 * A server at the network boundary for screen tests: each endpoint answers from a queue, and
 * what the screen sent is kept in order.
 */

/** An envelope the fake server answers. */
export type Answer = { code: number; msg: string; data: unknown };

export interface FakeServer {
  /** Per endpoint, its answers in turn (the last one repeats); an endpoint without any fails the call. */
  answers: Partial<Record<EndpointName, Answer[]>>;
  /** What the screen sent, in order. */
  sent: { name: EndpointName; body: unknown }[];
}

/** The server at the network boundary, answering from `answers`; anything else fails the call. */
export function fakeServer(answers: FakeServer['answers']): FakeServer {
  const server: FakeServer = { answers, sent: [] };
  const byPath = new Map<string, EndpointName>(
    Object.entries(routes).map(([name, r]) => [r.path, name as EndpointName]),
  );
  configureApi({
    fetch: (input, init) => {
      const name = byPath.get(String(input).split('?')[0] ?? '');
      if (!name) return Promise.reject(new Error(`unhandled ${String(input)}`));
      server.sent.push({ name, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = server.answers[name];
      const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (!answer) return Promise.reject(new Error(`unhandled ${name}`));
      return Promise.resolve(new Response(JSON.stringify(answer)));
    },
    getToken: () => 't',
    getLanguage: () => 'en_US',
    notifyError: () => undefined,
    redirect: () => undefined,
    networkErrorText: () => 'network error',
  });
  return server;
}

export const ok = (data: unknown): Answer => ({ code: 0, msg: 'Success', data });
