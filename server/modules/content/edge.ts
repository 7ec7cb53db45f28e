import type { ContentKind } from '../../../src/contract/rules/content';
import { contentHost } from '../../../src/contract/rules/content';
import type { Executor } from '../../db/client';
import { everything } from '../user/scope';
import { servingDomains } from './service';

/** One task's URLs to execute at the edge. */
export interface EdgeJob {
  accountId: number;
  kind: ContentKind;
  urls: readonly string[];
}

/**
 * Where refresh and prefetch take effect: the provider's edge nodes. `execute` answers, for each
 * URL in order, null when it took effect, or the message id of why it did not.
 */
export interface ContentEdge {
  execute(job: EdgeJob): Promise<(string | null)[]>;
}

/**
 * The edge bundled with the console, for a single machine without edge nodes: after `delayMs`
 * (the time a real edge takes, shortened; spec §9 gives 3–5 minutes for a refresh, 5–30 for a
 * prefetch), a URL takes effect when its host is still served by an active domain of the account;
 * a domain suspended or deleted since the submission fails its URLs. It holds no cache of its own.
 */
export class LocalEdge implements ContentEdge {
  constructor(
    private readonly db: Executor,
    private readonly delayMs: number,
  ) {}

  async execute(job: EdgeJob): Promise<(string | null)[]> {
    // The edge answers at the end: a domain suspended meanwhile fails the URLs.
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.check(job);
  }

  /** Whether each URL may take effect at all (its host served by an active domain), without waiting. */
  async check(job: EdgeJob): Promise<(string | null)[]> {
    const hosts = job.urls.map(contentHost);
    const served = await servingDomains(this.db, job.accountId, hosts, everything.domains);
    return hosts.map((host) => (served.has(host) ? null : 'content.edge.notAccelerated'));
  }
}
