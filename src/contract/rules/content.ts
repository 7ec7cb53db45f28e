import { limits } from '../limits';

/**
 * Refresh and prefetch (spec §5, §8, §9): what a submitted URL must be, and the quotas. The same
 * rules on both sides; the server adds the one the browser cannot judge alone (the host is an
 * accelerated domain of the account).
 */

/** URL refresh, directory refresh, prefetch. */
export const contentKinds = ['url', 'dir', 'prefetch'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** spec §4: a task's states. */
export const contentTaskStatuses = ['pending', 'running', 'success', 'failure'] as const;
export type ContentTaskStatus = (typeof contentTaskStatuses)[number];

/** Characters of Chinese script (and full-width forms): the spec refuses them in a URL. */
const chinese = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * The problem with one URL of a submission, as a message id, or null. A URL is the full address
 * with its protocol; no Chinese characters, no wildcard host; a directory ends with `/` and is not
 * the whole site.
 */
export function contentUrlProblem(kind: ContentKind, url: string): string | null {
  if (url.length > limits.content.urlMax) return 'content.url.tooLong';
  if (!/^https?:\/\//i.test(url)) return 'content.url.protocol';
  if (chinese.test(url)) return 'content.url.chinese';
  const hostPart = url.replace(/^https?:\/\//i, '').split(/[/?#]/)[0] ?? '';
  if (hostPart.includes('*')) return 'content.url.wildcard';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'content.url.format';
  }
  if (!parsed.hostname || /\s/.test(url) || parsed.username || parsed.password) return 'content.url.format';
  if (kind === 'dir') {
    if (!parsed.pathname.endsWith('/') || parsed.search || parsed.hash) return 'content.dir.slash';
    if (parsed.pathname === '/') return 'content.dir.wholeSite';
  }
  return null;
}

/** The host a URL is for, in lower case (for the accelerated-domain check). */
export const contentHost = (url: string): string => new URL(url).hostname.toLowerCase();

export interface ContentLines {
  /** The URLs, one per non-blank line, trimmed, each once. */
  urls: string[];
  /** 1-based line numbers with their problem. */
  problems: { line: number; messageId: string }[];
}

/** Reads a submission typed one URL a line: blank lines skipped, repeats refused. */
export function readContentLines(kind: ContentKind, text: string): ContentLines {
  const urls: string[] = [];
  const seen = new Set<string>();
  const problems: ContentLines['problems'] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const url = raw.trim();
    if (url === '') return;
    const problem = contentUrlProblem(kind, url) ?? (seen.has(url) ? 'content.url.duplicate' : null);
    if (problem) problems.push({ line: index + 1, messageId: problem });
    else {
      seen.add(url);
      urls.push(url);
    }
  });
  return { urls, problems };
}

/**
 * Whether a submission of `count` URLs fits: at least one, at most the per-submission limit
 * (spec §8 "too many URLs per submission"), and what is left of today's quota (spec §8 "daily
 * quota exceeded").
 */
export function contentQuotaProblem(
  kind: ContentKind,
  count: number,
  usedToday: number,
): { messageId: string; data: Record<string, number> } | null {
  if (count === 0) return { messageId: 'content.submit.empty', data: {} };
  const perSubmit = limits.content.perSubmit[kind];
  if (count > perSubmit) return { messageId: 'content.submit.tooMany', data: { max: perSubmit } };
  const remaining = Math.max(0, limits.content.perDay[kind] - usedToday);
  if (count > remaining) return { messageId: 'content.quota.exceeded', data: { remaining } };
  return null;
}
