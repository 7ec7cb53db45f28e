/** The types of /cdn/statistics/{type} (spec §2), in the order of their tabs. */
export const statisticsTypes = [
  'bandwidth',
  'flow',
  'request',
  'hit-rate',
  'http-code',
  'pv',
  'peak',
  'uv',
] as const;
export type StatisticsType = (typeof statisticsTypes)[number];
