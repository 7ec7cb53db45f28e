/**
 * The overview's first reads, with their inputs: sent by the page start when the page opens on
 * the overview (app/page-start), and by `startDashboardCalls`, which takes those answers.
 */
export const dashboardFirstCalls = [
  ['baseInfo', {}],
  ['overviewDomains', undefined],
  ['cdnType', undefined],
] as const;
