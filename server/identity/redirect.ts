/**
 * The portal only sends people back to same-origin paths: starting with `/`, not `//` or `/\`,
 * no scheme, no control characters. Anything else falls back to `/`.
 */
export function safeRedirectUri(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\')) return '/';
  try {
    const base = 'http://portal.invalid';
    if (new URL(value, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return value;
}

/** A `state` as the console generates it; anything odd is replaced by a fresh one. */
export const statePattern = /^[A-Za-z0-9._~-]{1,200}$/;

/** Appends query parameters before any `#fragment`. */
export function withQuery(target: string, params: Record<string, string>): string {
  const hashAt = target.indexOf('#');
  const path = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}${hash}`;
}
