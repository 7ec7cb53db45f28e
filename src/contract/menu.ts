/**
 * The server menu (spec §2, §3 "Menu item"). Top-level items are groups; each child carries the
 * path key of a screen. The server grants items per account; the browser only renders them.
 * `addon`: a function sold separately, granted only when the account subscribes to it.
 */
export interface MenuDefinition {
  menu_id: number;
  name: string;
  parent_id: number;
  path: string;
  addon?: boolean;
  /** Only main accounts may be granted it (spec §6: user management, tokens, permissions). */
  mainOnly?: boolean;
}

export const menuDefinitions: readonly MenuDefinition[] = [
  { menu_id: 100, name: 'overview', parent_id: 0, path: '/cdn/dashboard' },
  { menu_id: 101, name: 'overview', parent_id: 100, path: '/cdn/dashboard' },
  { menu_id: 200, name: 'domain', parent_id: 0, path: '/cdn/domain' },
  { menu_id: 201, name: 'domain_list', parent_id: 200, path: '/cdn/domain/list' },
  { menu_id: 300, name: 'cert', parent_id: 0, path: '/cdn/cert' },
  { menu_id: 301, name: 'cert', parent_id: 300, path: '/cdn/cert' },
  { menu_id: 400, name: 'statistics', parent_id: 0, path: '/cdn/count' },
  { menu_id: 401, name: 'statistics_basic', parent_id: 400, path: '/cdn/statistics' },
  { menu_id: 402, name: 'count_flow', parent_id: 400, path: '/cdn/count/flow' },
  { menu_id: 403, name: 'count_request', parent_id: 400, path: '/cdn/count/request' },
  { menu_id: 404, name: 'count_request_rank', parent_id: 400, path: '/cdn/count/request-rank' },
  { menu_id: 405, name: 'count_response', parent_id: 400, path: '/cdn/count/response' },
  { menu_id: 406, name: 'count_request_rank_user', parent_id: 400, path: '/cdn/count/request-rank-user' },
  { menu_id: 407, name: 'response_time', parent_id: 400, path: '/cdn/response-time' },
  { menu_id: 408, name: 'uv_statistics', parent_id: 400, path: '/cdn/uv-statistics' },
  { menu_id: 409, name: 'report', parent_id: 400, path: '/cdn/report' },
  { menu_id: 410, name: 'attack_monitor', parent_id: 400, path: '/cdn/attack-monitor', addon: true },
  { menu_id: 500, name: 'log', parent_id: 0, path: '/cdn/log' },
  { menu_id: 501, name: 'log', parent_id: 500, path: '/cdn/log' },
  { menu_id: 600, name: 'content', parent_id: 0, path: '/cdn/content' },
  { menu_id: 601, name: 'content', parent_id: 600, path: '/cdn/content' },
  { menu_id: 700, name: 'tools', parent_id: 0, path: '/cdn/utils' },
  { menu_id: 701, name: 'ip_query', parent_id: 700, path: '/cdn/utils/ipinquiry' },
  { menu_id: 702, name: 'ip_ban', parent_id: 700, path: '/cdn/ip-ban' },
  { menu_id: 800, name: 'alarm', parent_id: 0, path: '/cdn/alarm-manage' },
  { menu_id: 801, name: 'alarm', parent_id: 800, path: '/cdn/alarm-manage' },
  { menu_id: 900, name: 'resource', parent_id: 0, path: '/cdn/resource' },
  { menu_id: 901, name: 'traffic_package', parent_id: 900, path: '/cdn/traffic-package' },
  { menu_id: 902, name: 'alarm_resource', parent_id: 900, path: '/cdn/resource-config' },
  { menu_id: 903, name: 'file_sync', parent_id: 900, path: '/cdn/file-sync', addon: true },
  { menu_id: 1000, name: 'user', parent_id: 0, path: '/cdn/user', mainOnly: true },
  { menu_id: 1001, name: 'user_list', parent_id: 1000, path: '/cdn/user/list', mainOnly: true },
  { menu_id: 1002, name: 'audit_log', parent_id: 1000, path: '/cdn/user/audit-log', mainOnly: true },
  { menu_id: 1003, name: 'token_manage', parent_id: 1000, path: '/cdn/token-manage', mainOnly: true },
];

/** Menu ids of the add-on functions. */
export const addonMenuIds = menuDefinitions.filter((m) => m.addon).map((m) => m.menu_id);

/** spec §6: always open, whatever the menu says. */
export const alwaysOpenPaths = ['/cdn/help', '/cdn/suggestion', '/cdn/ticket', '/cdn/user/detail'] as const;

/**
 * The menu path key that grants a route. Routes without their own menu entry (create, detail,
 * copy wizard, sub-account creation) are reached through their list's entry.
 */
export function menuPathForRoute(route: string): string | null {
  if ((alwaysOpenPaths as readonly string[]).some((p) => route === p || route.startsWith(`${p}/`)))
    return null;
  if (route.startsWith('/cdn/domain/')) return '/cdn/domain/list';
  if (route.startsWith('/cdn/statistics/')) return '/cdn/statistics';
  if (route === '/cdn/user/create') return '/cdn/user/list';
  return route;
}
