import { z } from 'zod';
import { entityId } from './domain';
import { limits } from './limits';
import { carriers, granularities, regions, trafficLimits } from './traffic-constants';

/**
 * Traffic data: the access logs edge nodes send, the rollups made of them and the statistics,
 * reports and log files read from those (spec §2 statistics routes, §5 "Reports and statistics",
 * §9 granularities, report range, UV and export limits).
 */
export * from './traffic-constants';
export * from './traffic-names';

/** Calls that are not JSON in the envelope: the edge's ingestion, report export, log download. */
export const trafficPaths = {
  ingest: '/v3/edge/log/ingest',
  reportExport: '/v3/statistics/report/export',
  logDownload: '/v3/log/file/download/',
} as const;

/** Cache status of a response: a hit was served from the edge's cache. */
export const cacheStatuses = ['HIT', 'MISS'] as const;

/** Why an edge refused a request, when it did (the rule that blocked it). */
export const blockRules = ['ip-ban', 'ip-list', 'referer', 'ua', 'url-auth', 'rate-limit', 'other'] as const;

/**
 * One access-log line as an edge node writes it (JSON lines, one object per line). `sample`: the
 * number of requests the line stands for when the edge samples its log (1 when it does not).
 */
export const logLine = z.object({
  /** When the response finished: ISO 8601 with an offset, or milliseconds since 1970. */
  time: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]),
  domain: z.string().min(1).max(253),
  client: z.union([z.ipv4(), z.ipv6()]),
  method: z.string().min(1).max(16),
  /** Path and query, as requested. */
  url: z.string().min(1),
  status: z.number().int().min(100).max(599),
  /** Bytes sent to the client, headers included. */
  bytes: z.number().int().nonnegative(),
  /** Seconds from the first byte read to the last byte sent (millisecond resolution). */
  request_time: z.number().nonnegative(),
  cache: z.enum(cacheStatuses),
  ua: z.string().default(''),
  referer: z.string().default(''),
  blocked_by: z.enum(blockRules).nullable().default(null),
  sample: z.number().int().min(1).max(1_000_000).default(1),
});
export type LogLine = z.output<typeof logLine>;
export type LogLineInput = z.input<typeof logLine>;

/** Report dimensions (spec §2 report page) and the breakdowns of the statistics views. */
export const topDimensions = [
  'url',
  'referer',
  'client',
  'ua',
  'region',
  'carrier',
  'status',
  'domain',
  'response_time',
  'blocked_rule',
  'blocked_client',
  /**
   * The report's sub-account dimension (spec §2): per sub-account (key: its login), the traffic
   * of the domains it reaches by its data permission, within the domains the viewer reaches. A
   * domain two sub-accounts reach counts for both.
   */
  'sub_account',
] as const;
export type TopDimension = (typeof topDimensions)[number];

/** Response-time histogram buckets, upper bounds in milliseconds (the last is open). */
export const responseTimeBuckets = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, Infinity] as const;
export const responseTimeLabel = (index: number): string => {
  const upper = responseTimeBuckets[index] ?? Infinity;
  const lower = index === 0 ? 0 : (responseTimeBuckets[index - 1] ?? 0);
  return upper === Infinity ? `${lower}+` : `${lower}-${upper}`;
};

const isoTime = z.iso.datetime({ offset: true, error: 'traffic.time.required' });

/** The query every statistics call shares (spec §5: a domain, a start and an end are required). */
export const trafficQuery = z
  .object({
    /** Domain ids of the account; `all: true` means every domain, now and later. */
    domain_ids: z.array(entityId).max(trafficLimits.domainsMax).default([]),
    all: z.boolean().default(false),
    start: isoTime,
    end: isoTime,
    region: z.enum(regions).optional(),
    carrier: z.enum(carriers).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.all && q.domain_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['domain_ids'], message: 'traffic.domain.required' });
    const span = Date.parse(q.end) - Date.parse(q.start);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'traffic.time.required' });
    else if (span > trafficLimits.rangeDaysMax * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'traffic.range.tooLong' });
  });
export type TrafficQuery = z.input<typeof trafficQuery>;

/** The body of one statistics call: the shared query and the call's own fields. */
const queryWith = <T extends z.ZodRawShape>(fields: T) => z.intersection(trafficQuery, z.object(fields));

/** One point of a traffic series: sums over the point's period. */
export const trafficPoint = z.object({
  at: z.string(),
  requests: z.number(),
  bytes: z.number(),
  hit_requests: z.number(),
  hit_bytes: z.number(),
  s2xx: z.number(),
  s3xx: z.number(),
  s4xx: z.number(),
  s5xx: z.number(),
  blocked: z.number(),
  pv: z.number(),
  /** Sum of the response times in milliseconds (its average is this over requests). */
  rt_ms: z.number(),
});
export type TrafficPoint = z.infer<typeof trafficPoint>;

/** The sums of a point, in the order the columns of a series carry them. */
export const trafficSums = [
  'requests',
  'bytes',
  'hit_requests',
  'hit_bytes',
  's2xx',
  's3xx',
  's4xx',
  's5xx',
  'blocked',
  'pv',
  'rt_ms',
] as const satisfies readonly (keyof TrafficPoint)[];
export type TrafficSum = (typeof trafficSums)[number];

/**
 * A series on the wire: the periods' starts (epoch milliseconds) and, for each sum, one number a
 * period. A month of 5-minute points is 8,641 periods: as columns the answer is less than half the
 * size of as many objects, and quick to check and to write.
 */
export const trafficColumns = z.object({
  at: z.array(z.number()),
  ...(Object.fromEntries(trafficSums.map((sum) => [sum, z.array(z.number())])) as Record<
    TrafficSum,
    z.ZodArray<z.ZodNumber>
  >),
});
export type TrafficColumns = z.infer<typeof trafficColumns>;

/** The columns of points. */
export function columnsOf(points: readonly TrafficPoint[]): TrafficColumns {
  const columns = { at: points.map((p) => Date.parse(p.at)) } as TrafficColumns;
  for (const sum of trafficSums) columns[sum] = points.map((p) => p[sum]);
  return columns;
}

/** The points of columns: each period's sums, with its start as an ISO time. */
export function pointsOf(columns: TrafficColumns): TrafficPoint[] {
  return columns.at.map((at, i) => {
    const point = { at: new Date(at).toISOString() } as TrafficPoint;
    for (const sum of trafficSums) point[sum] = columns[sum][i] ?? 0;
    return point;
  });
}

export const trafficSummary = z.object({
  requests: z.number(),
  bytes: z.number(),
  hit_requests: z.number(),
  hit_bytes: z.number(),
  /** Bits per second: the highest point and when; the 95th percentile of the 5-minute points. */
  peak_bps: z.number(),
  peak_at: z.string().nullable(),
  p95_bps: z.number(),
  /** Requests per second at the busiest point. */
  peak_qps: z.number(),
  pv: z.number(),
  blocked: z.number(),
  s2xx: z.number(),
  s3xx: z.number(),
  s4xx: z.number(),
  s5xx: z.number(),
  rt_ms: z.number(),
});
export type TrafficSummary = z.infer<typeof trafficSummary>;

export const trafficSeriesBody = queryWith({
  granularity: z.union(granularities.map((g) => z.literal(g))),
  /** Also answer the previous period of the same length (of a period still going, the same stretch of the one before). */
  compare: z.boolean().default(false),
});
export type TrafficSeriesBody = z.input<typeof trafficSeriesBody>;

/** A configuration change of a chosen domain, drawn as a marker on the chart. */
export const trafficMarker = z.object({ at: z.string(), domain: z.string(), command: z.string() });

export const trafficSeriesResult = z.object({
  granularity: z.number().int(),
  points: trafficColumns,
  summary: trafficSummary,
  previous: z.object({ points: trafficColumns, summary: trafficSummary }).nullable(),
  markers: z.array(trafficMarker),
  /** When the newest data of the answer was received (null: none yet). */
  latest_at: z.string().nullable(),
});
export type TrafficSeriesResult = z.infer<typeof trafficSeriesResult>;

/**
 * What the busiest rows are ranked by. Ranking the top URLs by traffic is the "top URL type" of
 * spec §6 (permission key enable/view/top_url_type): an account without it ranks them by requests.
 */
export const topOrders = ['requests', 'bytes'] as const;
export type TopOrder = (typeof topOrders)[number];

/** The busiest keys of a dimension, as the top lists and the report rank them. */
const ranking = { dimension: z.enum(topDimensions), order: z.enum(topOrders).default('requests') };

export const trafficTopBody = queryWith({
  ...ranking,
  limit: z.number().int().min(1).max(trafficLimits.topRowsMax).default(100),
});
export type TrafficTopBody = z.input<typeof trafficTopBody>;
export const trafficTopRow = z.object({
  key: z.string(),
  requests: z.number(),
  bytes: z.number(),
});
export const trafficTopResult = z.object({
  rows: z.array(trafficTopRow),
  /** Totals of the range, for shares; `other`: what fell outside the kept keys. */
  total_requests: z.number(),
  total_bytes: z.number(),
});
export type TrafficTopResult = z.infer<typeof trafficTopResult>;

export const trafficUvBody = trafficQuery.superRefine((q, ctx) => {
  if (q.domain_ids.length > trafficLimits.uvDomainsMax)
    ctx.addIssue({ code: 'custom', path: ['domain_ids'], message: 'traffic.uv.tooManyDomains' });
});
export const trafficUvResult = z.object({
  /** One point per day (UTC+8): distinct client addresses and page views. */
  points: z.array(z.object({ at: z.string(), uv: z.number(), pv: z.number() })),
  /** Distinct clients over the whole range (not the sum of the days). */
  uv: z.number(),
  pv: z.number(),
  /** Relative standard error of the distinct counts (a HyperLogLog estimate). */
  error: z.number(),
});
export type TrafficUvResult = z.infer<typeof trafficUvResult>;

/** Report export (spec §8, §9: at most 2000 rows): the report's query and the file's format. */
export const reportExportBody = queryWith({
  ...ranking,
  limit: z.number().int().min(1).max(limits.exportRowsMax).default(limits.exportRowsMax),
  format: z.enum(['xlsx', 'csv']),
  language: z.enum(['zh_CN', 'en_US']).default('zh_CN'),
});
export type ReportExportBody = z.input<typeof reportExportBody>;

/** Log download: the hourly files of one domain over whole days (UTC+8). */
export const logFilesBody = z
  .object({
    domain_id: entityId,
    start: isoTime,
    end: isoTime,
  })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.end) - Date.parse(q.start);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'traffic.time.required' });
    else if (span > trafficLimits.logDaysMax * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'log.range.tooLong' });
  });
export const logFile = z.object({
  /** The hour the file holds (start, ISO 8601). */
  hour: z.string(),
  name: z.string(),
  /** Compressed size in bytes. */
  size: z.number().int(),
  /** A signed address that works for `trafficLimits.logLinkSeconds`. */
  url: z.string(),
});
export const logFilesResult = z.object({ files: z.array(logFile), expires_at: z.string() });
export type LogFilesResult = z.infer<typeof logFilesResult>;

/** What an ingestion call took in. */
export const ingestResult = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** The first problems, by line number (1-based). */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The call's batch (`X-Edge-Batch`) was counted before: nothing was counted again. */
  duplicate: z.boolean().optional(),
});
export type IngestResult = z.infer<typeof ingestResult>;

export type TrafficSeriesAnswer = z.infer<typeof trafficSeriesResult>;
/** A series answer with its points as objects again (they travel as columns). */
export type TrafficSeries = Omit<TrafficSeriesAnswer, 'points' | 'previous'> & {
  points: TrafficPoint[];
  previous: { points: TrafficPoint[]; summary: TrafficSummary } | null;
};

export function seriesOf(answer: TrafficSeriesAnswer): TrafficSeries {
  const { previous } = answer;
  return {
    ...answer,
    points: pointsOf(answer.points),
    previous: previous && { ...previous, points: pointsOf(previous.points) },
  };
}
