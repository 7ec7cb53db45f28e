/**
 * The overview's first reads, with their inputs: sent by the page start when the page opens on
 * the overview (app/page-start); the overview's own reads take those answers through the API
 * client (`takePageStartCall`).
 */
export const dashboardFirstCalls = [
  ['baseInfo', {}],
  ['overviewDomains', undefined],
  ['cdnType', undefined],
] as const;
