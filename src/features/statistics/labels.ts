import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TopDimension } from '../../contract/traffic';
import type { MetricId } from './metrics';
import type { FigureId } from './views';

/** The name of a region, carrier or blocking rule in the language shown (the contract holds both). */
export function placeName(
  names: Record<string, { zh_CN: string; en_US: string }>,
  key: string,
  locale: string,
): string {
  const name = names[key];
  return name ? name[locale === 'en_US' ? 'en_US' : 'zh_CN'] : key;
}

export const metricLabels: Record<MetricId, MessageDescriptor> = {
  bandwidth: msg({ id: 'stats.metric.bandwidth', message: 'Bandwidth' }),
  flow: msg({ id: 'stats.metric.flow', message: 'Traffic' }),
  hitFlow: msg({ id: 'stats.metric.hitFlow', message: 'Traffic served from cache' }),
  requests: msg({ id: 'stats.metric.requests', message: 'Requests' }),
  qps: msg({ id: 'stats.metric.qps', message: 'QPS' }),
  hitRate: msg({ id: 'stats.metric.hitRate', message: 'Hit rate (requests)' }),
  byteHitRate: msg({ id: 'stats.metric.byteHitRate', message: 'Hit rate (traffic)' }),
  s2xx: msg({ id: 'stats.metric.s2xx', message: '2xx' }),
  s3xx: msg({ id: 'stats.metric.s3xx', message: '3xx' }),
  s4xx: msg({ id: 'stats.metric.s4xx', message: '4xx' }),
  s5xx: msg({ id: 'stats.metric.s5xx', message: '5xx' }),
  pv: msg({ id: 'stats.metric.pv', message: 'PV' }),
  responseTime: msg({ id: 'stats.metric.responseTime', message: 'Average response time' }),
  blocked: msg({ id: 'stats.metric.blocked', message: 'Blocked requests' }),
};

/** By the dimension's name in camel case (`stats.dimension.responseTime`): the exported file's titles read them too. */
export const dimensionLabels: Record<TopDimension, MessageDescriptor> = {
  url: msg({ id: 'stats.dimension.url', message: 'URL' }),
  referer: msg({ id: 'stats.dimension.referer', message: 'Referer' }),
  client: msg({ id: 'stats.dimension.client', message: 'Client IP' }),
  ua: msg({ id: 'stats.dimension.ua', message: 'User agent' }),
  region: msg({ id: 'stats.dimension.region', message: 'Region' }),
  carrier: msg({ id: 'stats.dimension.carrier', message: 'Carrier' }),
  status: msg({ id: 'stats.dimension.status', message: 'Status code' }),
  domain: msg({ id: 'stats.dimension.domain', message: 'Domain' }),
  response_time: msg({ id: 'stats.dimension.responseTime', message: 'Response time' }),
  blocked_rule: msg({ id: 'stats.dimension.blockedRule', message: 'Blocking rule' }),
  blocked_client: msg({ id: 'stats.dimension.blockedClient', message: 'Blocked client IP' }),
  sub_account: msg({ id: 'stats.dimension.subAccount', message: 'Sub-account' }),
};

/**
 * The exported report's own texts (server/modules/traffic/export.ts reads them from the catalog):
 * its sheet, and the titles of the columns whose cells are bare numbers, with their unit.
 */
export const reportFileLabels = {
  sheet: msg({ id: 'stats.export.sheet', message: 'Report' }),
  bytes: msg({ id: 'stats.export.bytes', message: 'Traffic (bytes)' }),
  responseTime: msg({ id: 'stats.export.responseTime', message: 'Response time (ms)' }),
};

export const presetLabels = {
  today: msg({ id: 'stats.preset.today', message: 'Today' }),
  yesterday: msg({ id: 'stats.preset.yesterday', message: 'Yesterday' }),
  '7d': msg({ id: 'stats.preset.last7', message: 'Last 7 days' }),
  '30d': msg({ id: 'stats.preset.last30', message: 'Last 30 days' }),
  custom: msg({ id: 'stats.preset.custom', message: 'Custom' }),
} as const;

export const granularityLabels: Record<number, MessageDescriptor> = {
  1: msg({ id: 'stats.granularity.minute', message: '1 minute' }),
  5: msg({ id: 'stats.granularity.fiveMinutes', message: '5 minutes' }),
  60: msg({ id: 'stats.granularity.hour', message: '1 hour' }),
  1440: msg({ id: 'stats.granularity.day', message: '1 day' }),
};

/** The figures above a chart. */
export const figureLabels: Record<FigureId, MessageDescriptor> = {
  peakBandwidth: msg({ id: 'stats.figure.peakBandwidth', message: 'Peak bandwidth' }),
  p95Bandwidth: msg({ id: 'stats.figure.p95Bandwidth', message: '95th percentile bandwidth' }),
  totalFlow: msg({ id: 'stats.figure.totalFlow', message: 'Total traffic' }),
  hitFlow: msg({ id: 'stats.figure.hitFlow', message: 'Traffic served from cache' }),
  totalRequests: msg({ id: 'stats.figure.totalRequests', message: 'Total requests' }),
  peakQps: msg({ id: 'stats.figure.peakQps', message: 'Peak QPS' }),
  hitRate: msg({ id: 'stats.figure.hitRate', message: 'Hit rate (requests)' }),
  byteHitRate: msg({ id: 'stats.figure.byteHitRate', message: 'Hit rate (traffic)' }),
  pv: msg({ id: 'stats.figure.pv', message: 'Total PV' }),
  avgResponse: msg({ id: 'stats.figure.avgResponse', message: 'Average response time' }),
  blocked: msg({ id: 'stats.figure.blocked', message: 'Blocked requests' }),
  blockedShare: msg({ id: 'stats.figure.blockedShare', message: 'Share blocked' }),
  s2xx: msg({ id: 'stats.figure.s2xx', message: '2xx responses' }),
  s3xx: msg({ id: 'stats.figure.s3xx', message: '3xx responses' }),
  s4xx: msg({ id: 'stats.figure.s4xx', message: '4xx responses' }),
  s5xx: msg({ id: 'stats.figure.s5xx', message: '5xx responses' }),
};
