import { readDefaultPath } from '../api/storage';

export const dashboardPath = '/cdn/dashboard';

/** spec §2: the root, /cdn and unknown routes lead to the stored default path, or the overview. */
export function defaultPath(): string {
  return readDefaultPath() ?? dashboardPath;
}

/** The route an address names; the root and /cdn lead to the default path (spec §2). */
export function routeOfHash(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' || path === '/' || path === '/cdn' || path === '/cdn/' ? defaultPath() : path;
}
