/**
 * The constants of traffic data (spec §9 granularities, limits; regions and carriers) without
 * the schemas: what the first load needs to read a statistics view's address.
 */
export const trafficLimits = {
  /** spec §5, §9: a report or statistics range is at most one year. */
  rangeDaysMax: 366,
  /** spec §9: UV statistics of at most 1000 domains. */
  uvDomainsMax: 1000,
  /** Domains of one statistics query (the domain multi-select): every domain of a large account. */
  domainsMax: 5000,
  /** spec §9: Excel (and CSV) export at most 2000 rows. */
  exportRowsMax: 2000,
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

/** The finest granularity a range may be drawn at (points per chart stay under ~1500). */
export function finestGranularity(rangeMs: number): Granularity {
  const day = 86_400_000;
  if (rangeMs <= day) return 1;
  if (rangeMs <= 31 * day) return 5;
  if (rangeMs <= 62 * day) return 60;
  return 1440;
}

/** The default granularity of a range (coarser than the finest for readability). */
export function defaultGranularity(rangeMs: number): Granularity {
  const day = 86_400_000;
  if (rangeMs <= day) return 5;
  if (rangeMs <= 7 * day) return 60;
  if (rangeMs <= 62 * day) return 60;
  return 1440;
}

/** China Standard Time: days of statistics and reports begin at 00:00 UTC+8 (no daylight time). */
export const statsOffsetMs = 8 * 3_600_000;

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

/** Names of the regions, carriers and blocking rules in both languages: the screens and the exported reports say the same. */
export const regionNames: Record<Region, { zh_CN: string; en_US: string }> = {
  BJ: { zh_CN: '北京', en_US: 'Beijing' },
  TJ: { zh_CN: '天津', en_US: 'Tianjin' },
  HE: { zh_CN: '河北', en_US: 'Hebei' },
  SX: { zh_CN: '山西', en_US: 'Shanxi' },
  NM: { zh_CN: '内蒙古', en_US: 'Inner Mongolia' },
  LN: { zh_CN: '辽宁', en_US: 'Liaoning' },
  JL: { zh_CN: '吉林', en_US: 'Jilin' },
  HL: { zh_CN: '黑龙江', en_US: 'Heilongjiang' },
  SH: { zh_CN: '上海', en_US: 'Shanghai' },
  JS: { zh_CN: '江苏', en_US: 'Jiangsu' },
  ZJ: { zh_CN: '浙江', en_US: 'Zhejiang' },
  AH: { zh_CN: '安徽', en_US: 'Anhui' },
  FJ: { zh_CN: '福建', en_US: 'Fujian' },
  JX: { zh_CN: '江西', en_US: 'Jiangxi' },
  SD: { zh_CN: '山东', en_US: 'Shandong' },
  HA: { zh_CN: '河南', en_US: 'Henan' },
  HB: { zh_CN: '湖北', en_US: 'Hubei' },
  HN: { zh_CN: '湖南', en_US: 'Hunan' },
  GD: { zh_CN: '广东', en_US: 'Guangdong' },
  GX: { zh_CN: '广西', en_US: 'Guangxi' },
  HI: { zh_CN: '海南', en_US: 'Hainan' },
  CQ: { zh_CN: '重庆', en_US: 'Chongqing' },
  SC: { zh_CN: '四川', en_US: 'Sichuan' },
  GZ: { zh_CN: '贵州', en_US: 'Guizhou' },
  YN: { zh_CN: '云南', en_US: 'Yunnan' },
  XZ: { zh_CN: '西藏', en_US: 'Tibet' },
  SN: { zh_CN: '陕西', en_US: 'Shaanxi' },
  GS: { zh_CN: '甘肃', en_US: 'Gansu' },
  QH: { zh_CN: '青海', en_US: 'Qinghai' },
  NX: { zh_CN: '宁夏', en_US: 'Ningxia' },
  XJ: { zh_CN: '新疆', en_US: 'Xinjiang' },
  TW: { zh_CN: '中国台湾', en_US: 'Taiwan, China' },
  HK: { zh_CN: '中国香港', en_US: 'Hong Kong, China' },
  MO: { zh_CN: '中国澳门', en_US: 'Macao, China' },
  overseas: { zh_CN: '海外', en_US: 'Outside China' },
  unknown: { zh_CN: '未知', en_US: 'Unknown' },
};

export const carrierNames: Record<Carrier, { zh_CN: string; en_US: string }> = {
  telecom: { zh_CN: '电信', en_US: 'China Telecom' },
  unicom: { zh_CN: '联通', en_US: 'China Unicom' },
  mobile: { zh_CN: '移动', en_US: 'China Mobile' },
  edu: { zh_CN: '教育网', en_US: 'Education network' },
  other: { zh_CN: '其他运营商', en_US: 'Other carriers' },
};

export const blockRuleNames: Record<string, { zh_CN: string; en_US: string }> = {
  'ip-ban': { zh_CN: 'IP 封禁', en_US: 'IP blocking' },
  'ip-list': { zh_CN: 'IP 黑白名单', en_US: 'IP list' },
  referer: { zh_CN: 'Referer 防盗链', en_US: 'Referer list' },
  ua: { zh_CN: 'UA 黑白名单', en_US: 'UA list' },
  'url-auth': { zh_CN: 'URL 鉴权', en_US: 'URL authentication' },
  'rate-limit': { zh_CN: '频率限制', en_US: 'Rate limit' },
  other: { zh_CN: '其他规则', en_US: 'Other rules' },
};
