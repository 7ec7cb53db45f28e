import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/contract';
import { AppError } from '../../http/envelope';
import { sha256Hex } from '../../http/crypto';
import { bearerOf } from '../../http/bearer';

/**
 * Heavy reads of one caller, bounded: at most `running` at a time, `waiting` more in line, the
 * rest refused with "too many requests". A burst from one caller then holds at most `running`
 * calls in the database, and other callers' reads go on beside it.
 */
export class CallerGate {
  private readonly callers = new Map<string, { running: number; line: (() => void)[] }>();

  constructor(
    private readonly running = 2,
    private readonly waiting = 16,
  ) {}

  /** Waits for a slot of `caller` and answers the function that gives it back (once). */
  async enter(caller: string): Promise<() => void> {
    let state = this.callers.get(caller);
    if (!state) this.callers.set(caller, (state = { running: 0, line: [] }));
    if (state.running >= this.running) {
      if (state.line.length >= this.waiting)
        throw new AppError(Code.rateLimited, 'common.rateLimited', { seconds: 2, retry_after: 2 });
      // The slot of a call that ends passes to the first in line.
      await new Promise<void>((resolve) => state.line.push(resolve));
    } else state.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = state.line.shift();
      if (next) next();
      else if (--state.running === 0) this.callers.delete(caller);
    };
  }

  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    const release = await this.enter(caller);
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * Puts the calls of `paths` through a gate per caller (its bearer token, else its address) before
 * anything else is done for them, the sign-in check included: with the embedded database every
 * query waits in one line, so a burst must be held before its first query.
 */
export function gateCalls(app: FastifyInstance, paths: readonly string[], gate = new CallerGate()): void {
  const gated = new Set(paths);
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request) => {
    if (!gated.has(request.routeOptions.url ?? '')) return;
    const caller = sha256Hex(bearerOf(request.headers.authorization) ?? `ip:${request.ip}`).slice(0, 32);
    releases.set(request, await gate.enter(caller));
  });
  const release = async (request: FastifyRequest) => releases.get(request)?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
