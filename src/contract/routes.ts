export type Method = 'GET' | 'POST';

/**
 * Method and path of every JSON endpoint, without schemas, so the browser's client stays free of
 * zod. `endpoints.ts` adds the schemas for the server, the OpenAPI document and the forms.
 */
export const routes = {
  identityView: { method: 'GET', path: '/account/user/view' },
  identityValidate: { method: 'GET', path: '/account/user/validate' },
  identityLogout: { method: 'POST', path: '/account/user/logout' },
  identityUser: { method: 'GET', path: '/portal/api/user' },
  checkAuth: { method: 'POST', path: '/v3/customer/search/checkAuth' },
  viewLists: { method: 'POST', path: '/v3/customer/customer/viewLists' },
  searchCondition: { method: 'GET', path: '/v3/customer/search/condition' },
  enumLists: { method: 'GET', path: '/v3/common/enum/lists' },
  authLists: { method: 'GET', path: '/v3/customer/auth/lists' },
  cdnType: { method: 'GET', path: '/v3/overview/overview/cdntype' },
  overviewDomains: { method: 'GET', path: '/v3/overview/domain/lists' },
  loginInfo: { method: 'GET', path: '/v3/customer/customer/loginInfo' },
  consoleBoot: { method: 'GET', path: '/v3/customer/console/boot' },
  switchUser: { method: 'POST', path: '/v3/customer/customer/switchUser' },
  customerLists: { method: 'POST', path: '/v3/customer/customer/lists' },
  baseInfo: { method: 'POST', path: '/v3/customer/customer/baseInfo' },
  update: { method: 'POST', path: '/v3/customer/customer/update' },
  cwn: { method: 'GET', path: '/v3/customer/customer/cwn' },
  productOpen: { method: 'POST', path: '/api/customer/product/productopen' },
  feedbackUpload: { method: 'POST', path: '/v3/suggestion/feedback/upload' },
  feedbackAdd: { method: 'POST', path: '/v3/suggestion/feedback/add' },
  syncPush: { method: 'POST', path: '/v3/sync/command/push' },
  ipBanList: { method: 'GET', path: '/v3/ipban/ban/lists' },
  ipBanLookup: { method: 'GET', path: '/v3/ipban/ban/lookup' },
  domainList: { method: 'GET', path: '/v3/domain/domain/lists' },
  domainNames: { method: 'GET', path: '/v3/domain/domain/names' },
  domainDetail: { method: 'GET', path: '/v3/domain/domain/detail' },
  domainGroupList: { method: 'GET', path: '/v3/domain/group/lists' },
  domainConfig: { method: 'GET', path: '/v3/domain/config/detail' },
  sectionHistory: { method: 'GET', path: '/v3/domain/config/history' },
  certList: { method: 'GET', path: '/v3/cert/lists' },
  certDetail: { method: 'GET', path: '/v3/cert/detail' },
  certUpload: { method: 'POST', path: '/v3/cert/upload' },
  certDelete: { method: 'POST', path: '/v3/cert/delete' },
  certFeed: { method: 'GET', path: '/v3/cert/feed' },
  certFeedUpdate: { method: 'POST', path: '/v3/cert/feed' },
  trafficSeries: { method: 'POST', path: '/v3/statistics/traffic/series' },
  trafficTop: { method: 'POST', path: '/v3/statistics/traffic/top' },
  trafficUv: { method: 'POST', path: '/v3/statistics/traffic/uv' },
  logFiles: { method: 'POST', path: '/v3/log/file/lists' },
} as const satisfies Record<string, { method: Method; path: string }>;

export type RouteName = keyof typeof routes;
