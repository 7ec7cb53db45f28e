import type { PushCommand } from '../contract/commands';
import type { OutboxEntry, Settlement, Store } from '../store';
import { backoffDelay } from './backoff';
import { classify } from './classify';
import { defaultLeaderLock, type LeaderLock } from './leader';
import type { PushOutcome, PushTransport } from './transport';

/**
 * - `follower`: another tab sends; this one shows its progress.
 * - `idle`: nothing to send. `sending`: a push is on its way.
 * - `waiting`: the last push got no answer; the next one is due at `retryAt`.
 * - `offline`: the browser has no connection.
 * - `signIn`: the sign-in expired (or belongs to another account): sign in again to go on.
 * - `blocked`: the account cannot take edits now (`message` says why); retried later.
 */
export type SyncPhase =
  'starting' | 'follower' | 'idle' | 'sending' | 'waiting' | 'offline' | 'signIn' | 'blocked' | 'stopped';

export interface SyncStatus {
  phase: SyncPhase;
  /** When the next attempt is due (phase `waiting` or `blocked`). */
  retryAt: number | null;
  /** The server's message (phase `blocked`). */
  message: string | null;
}

/** What the tabs of one database tell each other. */
export type SyncMessage =
  | { type: 'wake' }
  | { type: 'resume' }
  /** A tab that just started asks the sender for its status. */
  | { type: 'ask' }
  | { type: 'status'; status: SyncStatus };

/** The part of `BroadcastChannel` the engine uses. */
export interface SyncChannel {
  postMessage(message: SyncMessage): void;
  addEventListener(type: 'message', listener: (event: { data: SyncMessage }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: SyncMessage }) => void): void;
  close(): void;
}

export interface SyncEngineOptions {
  store: Store;
  transport: PushTransport;
  lock?: LeaderLock;
  /** The tabs' channel; by default a `BroadcastChannel` named after the database. */
  channel?: SyncChannel | null;
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
  /** Commands per push. */
  batchSize?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

function toPush(entry: OutboxEntry): PushCommand {
  return {
    key: entry.key,
    name: entry.name,
    aggregate_id: entry.aggregateId,
    base_version: entry.baseVersion,
    schema_version: entry.schemaVersion,
    payload: entry.payload,
    // Made offline, or sent before without an answer: a replay.
    origin: entry.madeOffline || entry.attempts > 0 ? 'replay' : 'browser',
  };
}

/**
 * Replays the outbox of one store: one sender per browser (the leader tab), commands in order,
 * per aggregate, in batches; every answer classified (see `classify`); no answer retried with
 * exponential backoff and full jitter, honouring `Retry-After`.
 */
export class SyncEngine {
  private readonly options: Required<Omit<SyncEngineOptions, 'channel'>> & { channel: SyncChannel | null };
  private statusValue: SyncStatus = { phase: 'starting', retryAt: null, message: null };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private controller: AbortController | null = null;
  /** Ends the current wait early; `fresh` kicks end backoff waits too. */
  private wakeUp: ((fresh: boolean) => void) | null = null;
  /** A kick that came while no wait was running: `fresh` when any of them was. */
  private kicked: 'any' | 'fresh' | null = null;
  private failures = 0;
  private leader = false;

  constructor(options: SyncEngineOptions) {
    const channel =
      options.channel !== undefined
        ? options.channel
        : typeof BroadcastChannel === 'function'
          ? (new BroadcastChannel(`${options.store.name}-sync`) as unknown as SyncChannel)
          : null;
    this.options = {
      store: options.store,
      transport: options.transport,
      lock: options.lock ?? defaultLeaderLock(),
      channel,
      isOnline: options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine)),
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      batchSize: options.batchSize ?? 100,
      backoffBaseMs: options.backoffBaseMs ?? 1000,
      backoffCapMs: options.backoffCapMs ?? 60_000,
    };
  }

  get status(): SyncStatus {
    return this.statusValue;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts waiting for the lock; the tab that holds it sends. */
  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.options.channel?.addEventListener('message', this.onMessage);
    this.setStatus({ phase: 'follower', retryAt: null, message: null });
    this.post({ type: 'ask' });
    void this.lead(controller.signal);
  }

  /** Stops sending at once (a closing tab); what was not answered stays in the outbox. */
  stop(): void {
    const controller = this.controller;
    if (!controller) return;
    this.controller = null;
    controller.abort();
    this.options.channel?.removeEventListener('message', this.onMessage);
    // Not told to the other tabs: the next sender tells them its own status.
    this.setStatus({ phase: 'stopped', retryAt: null, message: null }, false);
  }

  /** Closes the channel too; the engine cannot start again. */
  dispose(): void {
    this.stop();
    this.options.channel?.close();
  }

  /**
   * Something changed: a command was queued, the connection came back, the window got the
   * focus. The sender tries at once, cutting short any wait; `fresh` also forgets past failures.
   */
  kick(options: { fresh?: boolean; broadcast?: boolean } = {}): void {
    const fresh = options.fresh === true;
    if (fresh) this.failures = 0;
    if (options.broadcast !== false) this.post({ type: fresh ? 'resume' : 'wake' });
    if (this.wakeUp) this.wakeUp(fresh);
    else this.kicked = fresh || this.kicked === 'fresh' ? 'fresh' : 'any';
  }

  private readonly onMessage = (event: { data: SyncMessage }) => {
    const message = event.data;
    if (message.type === 'wake') this.kick({ broadcast: false });
    else if (message.type === 'resume') this.kick({ fresh: true, broadcast: false });
    else if (message.type === 'ask' && this.leader) this.post({ type: 'status', status: this.statusValue });
    else if (message.type === 'status' && !this.leader) this.setStatus(message.status, false);
  };

  private setStatus(status: SyncStatus, broadcast = true): void {
    this.statusValue = status;
    if (broadcast && this.leader) this.post({ type: 'status', status });
    for (const listener of this.listeners) listener(status);
  }

  /** Tells the other tabs; a stopped tab (its channel closed) tells nobody. */
  private post(message: SyncMessage): void {
    if (!this.controller) return;
    try {
      this.options.channel?.postMessage(message);
    } catch {
      // The channel closed under a stopping tab: the other tabs learn from the next sender.
    }
  }

  /**
   * Waits until a kick or a stop: with `ms` null, the idle wait that any kick ends; otherwise a
   * backoff of `ms` that only a fresh kick (connection back, focus) cuts short, so queuing more
   * edits does not defeat the backoff or the server's `Retry-After`.
   */
  private async pause(ms: number | null, signal: AbortSignal): Promise<void> {
    const early = this.kicked;
    this.kicked = null;
    if (signal.aborted || early === 'fresh' || (early === 'any' && ms === null)) return;
    await new Promise<void>((resolve) => {
      const local = new AbortController();
      this.wakeUp = (fresh) => {
        if (fresh || ms === null) local.abort();
        else this.kicked = 'any';
      };
      const onStop = () => local.abort();
      signal.addEventListener('abort', onStop, { once: true });
      const done = () => {
        signal.removeEventListener('abort', onStop);
        resolve();
      };
      if (ms === null) {
        if (local.signal.aborted) done();
        else local.signal.addEventListener('abort', done, { once: true });
      } else void wait(ms, local.signal).then(done);
    });
    this.wakeUp = null;
  }

  private async lead(signal: AbortSignal): Promise<void> {
    let release: () => void;
    try {
      release = await this.options.lock.acquire(`${this.options.store.name}-sender`, signal);
    } catch {
      return;
    }
    if (signal.aborted) {
      release();
      return;
    }
    this.leader = true;
    try {
      await this.run(signal);
    } finally {
      this.leader = false;
      release();
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.step(signal);
      } catch {
        // IndexedDB failed under us (a closing tab, a browser evicting storage): what was not
        // recorded is sent again later under the same keys.
        if (signal.aborted) return;
        await this.backOff(null, signal);
      }
    }
  }

  /** One turn of the sender: wait for a reason to send, or send one batch and record the answers. */
  private async step(signal: AbortSignal): Promise<void> {
    const { store, transport, isOnline, now } = this.options;
    if (!isOnline()) {
      this.setStatus({ phase: 'offline', retryAt: null, message: null });
      await this.pause(null, signal);
      return;
    }
    const batch = await store.nextBatch(this.options.batchSize);
    if (signal.aborted) return;
    if (batch.length === 0) {
      this.failures = 0;
      this.setStatus({ phase: 'idle', retryAt: null, message: null });
      await this.pause(null, signal);
      return;
    }
    this.setStatus({ phase: 'sending', retryAt: null, message: null });
    let outcome: PushOutcome;
    try {
      outcome = await transport.push(
        { actorId: store.actorId, accountId: store.accountId, commands: batch.map(toPush) },
        signal,
      );
    } catch {
      outcome = { kind: 'retry', retryAfterMs: null };
    }
    // A stopped tab records nothing more: the next sender asks again, under the same keys.
    if (signal.aborted) return;
    await this.handle(batch, outcome, signal, now());
  }

  private async handle(batch: OutboxEntry[], outcome: PushOutcome, signal: AbortSignal, at: number) {
    const { store } = this.options;
    if (signal.aborted) return;
    switch (outcome.kind) {
      case 'answered': {
        const byKey = new Map(outcome.results.map((result) => [result.key, result]));
        const settlements: Settlement[] = batch.map((entry) => classify(entry, byKey.get(entry.key)));
        await store.settle(settlements, at);
        if (settlements.some((s) => s.outcome === 'retry')) await this.backOff(null, signal);
        else this.failures = 0;
        return;
      }
      case 'refused': {
        const error = { code: outcome.code, msg: outcome.msg, data: outcome.data };
        await store.settle(
          batch.map((entry) => ({ seq: entry.seq, outcome: 'rejected' as const, error })),
          at,
        );
        return;
      }
      case 'retry':
        await store.settle(
          batch.map((entry) => ({ seq: entry.seq, outcome: 'retry' as const })),
          at,
        );
        await this.backOff(outcome.retryAfterMs, signal);
        return;
      case 'signIn':
        this.setStatus({ phase: 'signIn', retryAt: null, message: null });
        await this.pause(null, signal);
        return;
      case 'blocked': {
        this.failures += 1;
        const delay = Math.max(this.options.backoffCapMs / 2, this.delay());
        this.setStatus({ phase: 'blocked', retryAt: this.options.now() + delay, message: outcome.msg });
        await this.pause(delay, signal);
        return;
      }
    }
  }

  private delay(): number {
    const { random, backoffBaseMs, backoffCapMs } = this.options;
    return backoffDelay(this.failures, random, backoffBaseMs, backoffCapMs);
  }

  private async backOff(retryAfterMs: number | null, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    this.failures += 1;
    const delay = retryAfterMs ?? this.delay();
    this.setStatus({ phase: 'waiting', retryAt: this.options.now() + delay, message: null });
    await this.pause(delay, signal);
  }
}
