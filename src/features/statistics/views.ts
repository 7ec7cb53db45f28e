import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TopDimension } from '../../contract/traffic';
import type { MetricId, Unit } from './metrics';
import { statisticsTypes, type StatisticsType } from './types';

/** The figures above a chart, each from the period's summary. */
export type FigureId =
  | 'peakBandwidth'
  | 'p95Bandwidth'
  | 'totalFlow'
  | 'hitFlow'
  | 'totalRequests'
  | 'peakQps'
  | 'hitRate'
  | 'byteHitRate'
  | 'pv'
  | 'avgResponse'
  | 'blocked'
  | 'blockedShare'
  | 's2xx'
  | 's3xx'
  | 's4xx'
  | 's5xx';

export interface SeriesView {
  kind: 'series';
  title: MessageDescriptor;
  lines: MetricId[];
  unit: Unit;
  figures: FigureId[];
  /** Breakdowns shown under the chart. */
  tops?: { dimension: TopDimension; measure: 'requests' | 'bytes' }[];
  /** The table lists each day's peak rather than every point. */
  dailyPeaks?: boolean;
}
export interface BreakdownView {
  kind: 'breakdown';
  title: MessageDescriptor;
  measure: 'requests' | 'bytes';
  dimensions: TopDimension[];
}
export interface UvView {
  kind: 'uv';
  title: MessageDescriptor;
}
export type View = SeriesView | BreakdownView | UvView;

export { statisticsTypes } from './types';
export type { StatisticsType } from './types';

export const views = {
  bandwidth: {
    kind: 'series',
    title: msg({ id: 'stats.view.bandwidth', message: 'Bandwidth' }),
    lines: ['bandwidth'],
    unit: 'bps',
    figures: ['peakBandwidth', 'p95Bandwidth', 'totalFlow'],
  },
  flow: {
    kind: 'series',
    title: msg({ id: 'stats.view.flow', message: 'Traffic' }),
    lines: ['flow', 'hitFlow'],
    unit: 'bytes',
    figures: ['totalFlow', 'hitFlow', 'byteHitRate'],
  },
  request: {
    kind: 'series',
    title: msg({ id: 'stats.view.request', message: 'Requests' }),
    lines: ['requests'],
    unit: 'count',
    figures: ['totalRequests', 'peakQps', 'hitRate'],
  },
  'hit-rate': {
    kind: 'series',
    title: msg({ id: 'stats.view.hitRate', message: 'Hit rate' }),
    lines: ['hitRate', 'byteHitRate'],
    unit: 'percent',
    figures: ['hitRate', 'byteHitRate', 'totalRequests'],
  },
  'http-code': {
    kind: 'series',
    title: msg({ id: 'stats.view.httpCode', message: 'Status codes' }),
    lines: ['s2xx', 's3xx', 's4xx', 's5xx'],
    unit: 'count',
    figures: ['s2xx', 's3xx', 's4xx', 's5xx'],
    tops: [{ dimension: 'status', measure: 'requests' }],
  },
  pv: {
    kind: 'series',
    title: msg({ id: 'stats.view.pv', message: 'PV' }),
    lines: ['pv'],
    unit: 'count',
    figures: ['pv', 'totalRequests'],
  },
  peak: {
    kind: 'series',
    title: msg({ id: 'stats.view.peak', message: 'Peak' }),
    lines: ['bandwidth'],
    unit: 'bps',
    figures: ['peakBandwidth', 'p95Bandwidth', 'peakQps'],
    dailyPeaks: true,
  },
  uv: { kind: 'uv', title: msg({ id: 'stats.view.uv', message: 'UV' }) },
  'count-flow': {
    kind: 'breakdown',
    title: msg({ id: 'stats.view.countFlow', message: 'Traffic statistics' }),
    measure: 'bytes',
    dimensions: ['region', 'carrier', 'domain'],
  },
  'count-request': {
    kind: 'breakdown',
    title: msg({ id: 'stats.view.countRequest', message: 'Request statistics' }),
    measure: 'requests',
    dimensions: ['region', 'carrier', 'domain'],
  },
  'count-request-rank': {
    kind: 'breakdown',
    title: msg({ id: 'stats.view.countRequestRank', message: 'Request ranking' }),
    measure: 'requests',
    dimensions: ['domain', 'url'],
  },
  'count-response': {
    kind: 'breakdown',
    title: msg({ id: 'stats.view.countResponse', message: 'Status codes' }),
    measure: 'requests',
    dimensions: ['status'],
  },
  'count-request-rank-user': {
    kind: 'breakdown',
    title: msg({ id: 'stats.view.countRequestRankUser', message: 'User request ranking' }),
    measure: 'requests',
    dimensions: ['client', 'ua'],
  },
  'response-time': {
    kind: 'series',
    title: msg({ id: 'stats.view.responseTime', message: 'Response time' }),
    lines: ['responseTime'],
    unit: 'ms',
    figures: ['avgResponse', 'totalRequests'],
    tops: [{ dimension: 'response_time', measure: 'requests' }],
  },
  'attack-monitor': {
    kind: 'series',
    title: msg({ id: 'stats.view.attackMonitor', message: 'Attack monitor' }),
    lines: ['blocked'],
    unit: 'count',
    figures: ['blocked', 'blockedShare', 'totalRequests'],
    tops: [
      { dimension: 'blocked_rule', measure: 'requests' },
      { dimension: 'blocked_client', measure: 'requests' },
    ],
  },
  'uv-statistics': { kind: 'uv', title: msg({ id: 'stats.view.uvStatistics', message: 'UV statistics' }) },
} satisfies Record<string, View>;
export type ViewId = keyof typeof views;

export const isStatisticsType = (value: string): value is StatisticsType =>
  (statisticsTypes as readonly string[]).includes(value);
