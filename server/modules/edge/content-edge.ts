import type { Db } from '../../db/client';
import type { ContentEdge, EdgeJob, LocalEdge } from '../content/edge';
import { jobAnswers, purgeJobs, sendJobs } from './service';

export interface NodeEdgeOptions {
  /** How long a job may wait for the nodes' answers before its URLs fail. */
  waitMs: number;
  /** How often the answers are read while waiting. */
  pollMs: number;
}

/**
 * Refresh and prefetch on the registered edge nodes: a task's URLs go to every node in contact as a
 * job, which each node picks up with its configuration and answers in its next report. A URL took
 * effect when every node that answered says so; a node that does not answer within `waitMs` fails
 * the URLs (the task can be retried). Where no node is in contact, `fallback` (the console's own
 * simulation, `LocalEdge`) answers, and the refresh screen says so.
 */
export class NodeEdge implements ContentEdge {
  private readonly options: NodeEdgeOptions;

  constructor(
    private readonly db: Db,
    private readonly fallback: LocalEdge,
    options: Partial<NodeEdgeOptions> = {},
  ) {
    this.options = { waitMs: 5 * 60_000, pollMs: 250, ...options };
  }

  async execute(job: EdgeJob): Promise<(string | null)[]> {
    // The URLs of domains the account no longer serves fail as the simulation says (its rule).
    const served = await this.fallback.check(job);
    const wanted = job.urls.filter((_url, i) => served[i] === null);
    if (wanted.length === 0) return served;
    const sent = await sendJobs(this.db, job.kind, wanted, new Date());
    if (!sent) return this.fallback.execute(job);
    const deadline = Date.now() + this.options.waitMs;
    let answers = await jobAnswers(this.db, sent.id);
    while (answers.some((a) => a.results === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
      answers = await jobAnswers(this.db, sent.id);
    }
    const results = wanted.map((_url, i) => {
      for (const answer of answers) {
        if (answer.results === null) return 'content.edge.unavailable';
        const result = answer.results[i];
        if (result !== null && result !== undefined) return result;
      }
      return null;
    });
    // Jobs of days gone by (answered, or left by a node that went away) are kept no longer.
    await purgeJobs(this.db, new Date(Date.now() - 86_400_000));
    let next = 0;
    return served.map((problem) => problem ?? results[next++] ?? null);
  }
}
