/** Exponential backoff with full jitter: a random wait between 0 and base·2^(n-1), capped. */
export function backoffDelay(failures: number, random: () => number, baseMs: number, capMs: number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}

/** Longest wait a `Retry-After` may ask for; a longer one is shortened to it. */
export const retryAfterMaxMs = 10 * 60 * 1000;

/** The `Retry-After` header in ms: seconds, or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(retryAfterMaxMs, Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(retryAfterMaxMs, Math.max(0, date - now));
}
