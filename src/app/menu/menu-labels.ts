import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Labels of the server menu items, keyed by the item `name` (spec §2 menu rules). */
export const menuLabels: Record<string, MessageDescriptor> = {
  overview: msg({ id: 'shell.menu.overview', message: 'Overview' }),
  domain: msg({ id: 'shell.menu.domain', message: 'Domains' }),
  domain_list: msg({ id: 'shell.menu.domainList', message: 'Domain list' }),
  cert: msg({ id: 'shell.menu.cert', message: 'Certificates' }),
  statistics: msg({ id: 'shell.menu.statistics', message: 'Statistics' }),
  statistics_basic: msg({ id: 'shell.menu.statisticsBasic', message: 'Basic statistics' }),
  count_flow: msg({ id: 'shell.menu.countFlow', message: 'Traffic statistics' }),
  count_request: msg({ id: 'shell.menu.countRequest', message: 'Request statistics' }),
  count_request_rank: msg({ id: 'shell.menu.countRequestRank', message: 'Request ranking' }),
  count_response: msg({ id: 'shell.menu.countResponse', message: 'Status codes' }),
  count_request_rank_user: msg({ id: 'shell.menu.countRequestRankUser', message: 'User request ranking' }),
  response_time: msg({ id: 'shell.menu.responseTime', message: 'Response time' }),
  uv_statistics: msg({ id: 'shell.menu.uvStatistics', message: 'UV statistics' }),
  report: msg({ id: 'shell.menu.report', message: 'Reports' }),
  attack_monitor: msg({ id: 'shell.menu.attackMonitor', message: 'Attack monitor' }),
  log: msg({ id: 'shell.menu.log', message: 'Log download' }),
  content: msg({ id: 'shell.menu.content', message: 'Refresh and prefetch' }),
  tools: msg({ id: 'shell.menu.tools', message: 'Tools' }),
  ip_query: msg({ id: 'shell.menu.ipQuery', message: 'IP check' }),
  ip_ban: msg({ id: 'shell.menu.ipBan', message: 'IP blocking' }),
  alarm: msg({ id: 'shell.menu.alarm', message: 'Alarms' }),
  resource: msg({ id: 'shell.menu.resource', message: 'Resources' }),
  traffic_package: msg({ id: 'shell.menu.trafficPackage', message: 'Traffic packages' }),
  alarm_resource: msg({ id: 'shell.menu.alarmResource', message: 'Resource quota' }),
  file_sync: msg({ id: 'shell.menu.fileSync', message: 'Large-file sync' }),
  user: msg({ id: 'shell.menu.user', message: 'Users' }),
  user_list: msg({ id: 'shell.menu.userList', message: 'Sub-accounts' }),
  audit_log: msg({ id: 'shell.menu.auditLog', message: 'Audit log' }),
  token_manage: msg({ id: 'shell.menu.tokenManage', message: 'API tokens' }),
};

/** Titles of the screens that have no menu item of their own. */
export const screenTitles: Record<string, MessageDescriptor> = {
  domainCreate: msg({ id: 'shell.screen.domainCreate', message: 'Create domain' }),
  domainDetail: msg({ id: 'shell.screen.domainDetail', message: 'Domain detail' }),
  domainCopy: msg({ id: 'shell.screen.domainCopy', message: 'Copy configuration' }),
  userCreate: msg({ id: 'shell.screen.userCreate', message: 'Create sub-account' }),
  userDetail: msg({ id: 'shell.screen.userDetail', message: 'Account detail' }),
  openService: msg({ id: 'shell.screen.openService', message: 'Open the CDN service' }),
  help: msg({ id: 'shell.screen.help', message: 'Help document' }),
  suggestion: msg({ id: 'shell.screen.suggestion', message: 'Feedback' }),
  tickets: msg({ id: 'shell.screen.tickets', message: 'Tickets' }),
};
