/**
 * The constants of traffic data (spec §9 granularities, limits; regions and carriers) without
 * the schemas, for the screens that need no validation.
 */
export const trafficLimits = {
  /** spec §5, §9: a report or statistics range is at most one year. */
  rangeDaysMax: 366,
  /** spec §9: UV statistics of at most 1000 domains. */
  uvDomainsMax: 1000,
  /** Domains of one statistics query (the domain multi-select): every domain of a large account. */
  domainsMax: 5000,
  /** Rows of one report table. */
  topRowsMax: 2000,
  /** Lines of one ingestion call, and its body (NDJSON, optionally gzip-compressed). */
  ingestLinesMax: 100_000,
  ingestBytesMax: 32 * 1024 * 1024,
  /** Fields of a log line longer than these are cut (URL, UA and referer are kept for reports). */
  urlMax: 1024,
  uaMax: 512,
  refererMax: 1024,
  /** Hourly log files of one listing: 31 days of one domain. */
  logDaysMax: 31,
  /** How long a signed log download link works. */
  logLinkSeconds: 300,
  /** Keys kept per hour and per day for each report dimension (the rest count as "other"). */
  dimKeysMax: 100,
} as const;

/** Menu paths whose screens read traffic statistics: any of them grants the statistics calls. */
export const trafficMenuPaths = [
  '/cdn/dashboard',
  '/cdn/statistics',
  '/cdn/count/flow',
  '/cdn/count/request',
  '/cdn/count/request-rank',
  '/cdn/count/response',
  '/cdn/count/request-rank-user',
  '/cdn/response-time',
  '/cdn/uv-statistics',
  '/cdn/report',
  '/cdn/attack-monitor',
] as const;

/** spec §9 granularities, in minutes. */
export const granularities = [1, 5, 60, 1440] as const;
export type Granularity = (typeof granularities)[number];

/**
 * How long each rollup is kept, in days. The finest grain that covers a range is offered; a range
 * older than a grain's retention uses the next coarser one.
 */
export const retentionDays = {
  minute: 7,
  fiveMinutes: 35,
  hour: 400,
  day: 800,
  /** Hourly report dimensions and hourly region/carrier points. */
  hourDims: 7,
  /** Raw hourly log files. */
  rawLogs: 30,
} as const;

/**
 * The granularity of a range from its steps (up to so many days: this granularity), shortest
 * first; daily points beyond the last.
 */
function granularityOf(
  rangeMs: number,
  steps: readonly (readonly [days: number, Granularity])[],
): Granularity {
  return steps.find(([days]) => rangeMs <= days * 86_400_000)?.[1] ?? 1440;
}

/** The finest granularity a range may be drawn at (points per chart stay under ~1500). */
export const finestGranularity = (rangeMs: number) =>
  granularityOf(rangeMs, [
    [1, 1],
    [31, 5],
    [62, 60],
  ]);

/** The default granularity of a range (coarser than the finest for readability). */
export const defaultGranularity = (rangeMs: number) =>
  granularityOf(rangeMs, [
    [1, 5],
    [62, 60],
  ]);

/** China Standard Time: days of statistics and reports begin at 00:00 UTC+8 (no daylight time). */
export const statsOffsetMs = 8 * 3_600_000;

/** Midnight (UTC+8) that begins the statistics day holding `at` (ms since 1970). */
export const statsDayStart = (at: number) =>
  Math.floor((at + statsOffsetMs) / 86_400_000) * 86_400_000 - statsOffsetMs;

/** Carriers of the bundled IP database; anything else (or abroad) is `other`. */
export const carriers = ['telecom', 'unicom', 'mobile', 'edu', 'other'] as const;
export type Carrier = (typeof carriers)[number];

/**
 * Regions: the provinces of China by their ISO 3166-2:CN code, `overseas` for the rest of the
 * world, `unknown` for addresses the database does not place (private ranges).
 */
export const regions = [
  'BJ', 'TJ', 'HE', 'SX', 'NM', 'LN', 'JL', 'HL', 'SH', 'JS', 'ZJ', 'AH', 'FJ', 'JX', 'SD', 'HA',
  'HB', 'HN', 'GD', 'GX', 'HI', 'CQ', 'SC', 'GZ', 'YN', 'XZ', 'SN', 'GS', 'QH', 'NX', 'XJ', 'TW',
  'HK', 'MO', 'overseas', 'unknown',
] as const; // prettier-ignore
export type Region = (typeof regions)[number];
