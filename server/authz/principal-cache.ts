import type { ServiceStatus } from '../../src/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's cache of sign-in checks: a change made beside its calls (operator work) clears it. */
    authCache: AuthCache;
  }
}
import type { TokenContext } from '../identity/service';
import type { Account } from '../modules/account/service';
import type { DataScope } from '../modules/user/scope';

/** What an API token adds to its user's permission: read only or read-write, where it may come from. */
export interface ApiTokenLimits {
  id: string;
  access: 'read' | 'write';
  allowedIps: readonly string[];
  /** When its use was last noted (epoch ms), to note it at most once a minute. */
  lastUsedAt: number;
}

/** What a token resolves to for one requested view: everything a call's checks read. */
export interface ResolvedAuth {
  token: TokenContext;
  account: Account;
  view: Account;
  viewServiceStatus: ServiceStatus;
  /** The menu items granted to the view account (function permission, spec §6). */
  menuIds: ReadonlySet<number>;
  /** The domains and certificates the caller may see and act on (data permission, spec §6). */
  scope: DataScope;
  /** Set when the caller used an API token: its id and its own limits. */
  api: ApiTokenLimits | null;
  /** When the caller last proved its password (epoch ms); 0 for API tokens. */
  authenticatedAt: number;
  /** When the token stops being valid whatever happens: its absolute or its idle expiry. */
  validUntil: number;
}

/**
 * The answers of the sign-in and permission checks per token and requested view, kept briefly so
 * that a call does not read the token, the accounts and the menu again (five statements) when
 * the same caller called a moment ago.
 *
 * Every change of what these answers depend on clears the cache at once: sign-out and
 * revocation, switching the active account, opening the service, menu grants. Instances sharing a
 * PostgreSQL database tell each other (`tellOthers`, a notification); while an instance cannot
 * hear the others (its listening connection is down), it keeps nothing (`keeping`). Entries also
 * expire after `ttlMs`.
 */
export class AuthCache {
  private readonly entries = new Map<string, { auth: ResolvedAuth; cachedAt: number }>();
  /** Resolutions under way: concurrent calls of one caller share one, not one each. */
  private readonly resolving = new Map<string, Promise<ResolvedAuth | 'invalid'>>();
  /** Raised by `clear`: a lookup that started before a change does not store its stale answer. */
  private generation = 0;
  /** Whether answers may be kept: false while clears of other instances could be missed. */
  private keeping: boolean;

  constructor(
    private readonly options: {
      ttlMs?: number;
      maxEntries?: number;
      /** Tells the other instances to clear theirs (on PostgreSQL: a notification). */
      tellOthers?: () => void;
      /** Whether to keep answers from the start (false until the instance hears the others). */
      keeping?: boolean;
    } = {},
  ) {
    this.keeping = options.keeping ?? true;
  }

  private get ttlMs() {
    return this.options.ttlMs ?? 3000;
  }

  get(key: string, now = Date.now()): ResolvedAuth | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.cachedAt >= this.ttlMs || now >= entry.auth.validUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.auth;
  }

  /** The generation to hand back to `set`, taken before the lookup starts. */
  get stamp(): number {
    return this.generation;
  }

  set(key: string, auth: ResolvedAuth, stamp: number, now = Date.now()): void {
    if (stamp !== this.generation || !this.keeping) return;
    if (this.entries.size >= (this.options.maxEntries ?? 10_000)) {
      // The oldest entry goes (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { auth, cachedAt: now });
  }

  /** The cached resolution, or the one under way for the key, or a new one made by `resolve`. */
  async getOrResolve(
    key: string,
    resolve: (stamp: number) => Promise<ResolvedAuth | 'invalid'>,
  ): Promise<ResolvedAuth | 'invalid'> {
    const cached = this.get(key);
    if (cached) return cached;
    let pending = this.resolving.get(key);
    if (!pending) {
      pending = resolve(this.generation).finally(() => this.resolving.delete(key));
      this.resolving.set(key, pending);
    }
    return pending;
  }

  /** A change here: cleared here and in the other instances. */
  clear(): void {
    this.clearHere();
    this.options.tellOthers?.();
  }

  /** A change told by another instance. */
  clearHere(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Another instance's clears may be missed from now on (false), or are heard again (true). */
  keep(keeping: boolean): void {
    this.keeping = keeping;
    this.clearHere();
  }
}
