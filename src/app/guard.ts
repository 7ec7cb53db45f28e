import { menuPathForRoute } from '../contract';
import type { MenuItem } from '../contract';

import { dashboardPath, defaultPath } from './first-screen';

export { dashboardPath, defaultPath };
export const openServicePath = '/cdn/open-service';

/** The menu paths the server granted (groups and items alike). */
export const grantedPaths = (menu: readonly MenuItem[]): string[] => menu.map((m) => m.path);

/** spec §2, §6: help, suggestion and user detail are always open; the rest needs its menu path. */
export function allowed(route: string, granted: readonly string[]): boolean {
  const key = menuPathForRoute(route);
  return key === null || granted.includes(key);
}

/** A menu path as an address: the statistics entry leads to its first view. */
export function routeOfMenuPath(path: string): string {
  return path === '/cdn/statistics' ? '/cdn/statistics/bandwidth' : path;
}

/** The first screen the menu grants, in the server's order; the overview when nothing is granted. */
export function firstGrantedRoute(menu: readonly MenuItem[]): string {
  const first = menu.find((m) => m.parent_id !== 0 && allowed(routeOfMenuPath(m.path), grantedPaths(menu)));
  return first ? routeOfMenuPath(first.path) : dashboardPath;
}

export interface GuardContext {
  serviceOpen: boolean;
  menu: readonly MenuItem[];
}

/**
 * Where a route must send the user instead, or null to let it render. The server is the real
 * authority (ARCHITECTURE.md); this only keeps the console from showing what it cannot use.
 */
export function guardRedirect(route: string, ctx: GuardContext): string | null {
  // Before the service is open: activation, plus the routes that are always available (help,
  // feedback, user detail); the account centre link itself shows only once the service is open.
  if (!ctx.serviceOpen)
    return route === openServicePath || menuPathForRoute(route) === null ? null : openServicePath;
  if (route === openServicePath) return dashboardPath;
  if (allowed(route, grantedPaths(ctx.menu))) return null;
  const fallback = firstGrantedRoute(ctx.menu);
  // The overview itself may be missing from the menu: never bounce between two refused routes.
  return fallback === route ? null : fallback;
}
