/**
 * The portal only sends people back to same-origin paths: starting with `/`, not `//` or `/\`,
 * no scheme, no control characters. The answer is the parsed URL's path, query and fragment,
 * percent-encoded (so non-ASCII paths are safe in a Location header); a path that resolves to
 * `//...` (such as `/.//evil`) or leaves the origin falls back to `/`.
 */
export function safeRedirectUri(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\')) return '/';
  let url: URL;
  try {
    const base = 'http://portal.invalid';
    url = new URL(value, base);
    if (url.origin !== base || url.username !== '' || url.password !== '') return '/';
  } catch {
    return '/';
  }
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return '/';
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Everything after parsing is ASCII; anything else (never expected) is refused.
  return /^[\x21-\x7e]+$/.test(result) && result.length <= 4000 ? result : '/';
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
