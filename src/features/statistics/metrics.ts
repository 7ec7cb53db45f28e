import type { TrafficPoint, TrafficSummary } from '../../contract/traffic';
import type { FigureId } from './views';
import { statsDay } from './range';

/** How a figure reads: bits per second, bytes, a count, a percentage or milliseconds. */
export type Unit = 'bps' | 'bytes' | 'count' | 'percent' | 'ms' | 'qps';

type Sums = Pick<
  TrafficPoint,
  | 'requests'
  | 'bytes'
  | 'hit_requests'
  | 'hit_bytes'
  | 's2xx'
  | 's3xx'
  | 's4xx'
  | 's5xx'
  | 'blocked'
  | 'pv'
  | 'rt_ms'
>;

/** The metrics a point may be drawn as; `seconds` is the point's length. */
export const metrics = {
  bandwidth: { unit: 'bps', of: (p: Sums, seconds: number) => (p.bytes * 8) / seconds },
  flow: { unit: 'bytes', of: (p: Sums) => p.bytes },
  hitFlow: { unit: 'bytes', of: (p: Sums) => p.hit_bytes },
  requests: { unit: 'count', of: (p: Sums) => p.requests },
  qps: { unit: 'qps', of: (p: Sums, seconds: number) => p.requests / seconds },
  hitRate: { unit: 'percent', of: (p: Sums) => ratio(p.hit_requests, p.requests) },
  byteHitRate: { unit: 'percent', of: (p: Sums) => ratio(p.hit_bytes, p.bytes) },
  s2xx: { unit: 'count', of: (p: Sums) => p.s2xx },
  s3xx: { unit: 'count', of: (p: Sums) => p.s3xx },
  s4xx: { unit: 'count', of: (p: Sums) => p.s4xx },
  s5xx: { unit: 'count', of: (p: Sums) => p.s5xx },
  pv: { unit: 'count', of: (p: Sums) => p.pv },
  responseTime: { unit: 'ms', of: (p: Sums) => (p.requests > 0 ? p.rt_ms / p.requests : 0) },
  blocked: { unit: 'count', of: (p: Sums) => p.blocked },
} satisfies Record<string, { unit: Unit; of: (p: Sums, seconds: number) => number }>;
export type MetricId = keyof typeof metrics;

/** A share in percent; 0 when there is nothing to share. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

export interface DayPeak {
  day: string;
  peakBps: number;
  peakAt: string | null;
  bytes: number;
  requests: number;
}

/** The busiest point of each statistics day (UTC+8), newest day first: the peak view's table. */
export function dailyPeaks(points: readonly TrafficPoint[], seconds: number): DayPeak[] {
  const days = new Map<string, DayPeak>();
  for (const point of points) {
    const day = statsDay(Date.parse(point.at));
    const row = days.get(day) ?? { day, peakBps: 0, peakAt: null, bytes: 0, requests: 0 };
    const bps = (point.bytes * 8) / seconds;
    if (bps > row.peakBps) {
      row.peakBps = bps;
      row.peakAt = point.at;
    }
    row.bytes += point.bytes;
    row.requests += point.requests;
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
}

/** The change from `before` to `now` in percent; null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return ((now - before) / before) * 100;
}

/** A change in percent as the figures word it: signed, one decimal. */
export const signedPercent = (delta: number) => `${delta >= 0 ? '+' : ''}${delta.toFixed(1)}`;

/** Summary figures of a range as the views show them. */
export function summaryFigures(summary: TrafficSummary) {
  return {
    hitRate: ratio(summary.hit_requests, summary.requests),
    byteHitRate: ratio(summary.hit_bytes, summary.bytes),
    responseTime: summary.requests > 0 ? summary.rt_ms / summary.requests : 0,
    blockedShare: ratio(summary.blocked, summary.requests),
  };
}

const steps = (base: number, names: readonly string[], value: number, digits: number) => {
  let index = 0;
  let scaled = Math.abs(value);
  while (scaled >= base && index < names.length - 1) {
    scaled /= base;
    index += 1;
  }
  const sign = value < 0 ? '-' : '';
  return `${sign}${scaled.toFixed(index === 0 ? 0 : digits)} ${names[index]}`;
};

/** A figure in its unit: bandwidth in bit/s with decimal prefixes, flow in binary bytes. */
export function formatValue(value: number, unit: Unit, locale: string): string {
  switch (unit) {
    case 'bps':
      return steps(1000, ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'], value, 2);
    case 'bytes':
      return steps(1024, ['B', 'KB', 'MB', 'GB', 'TB', 'PB'], value, 2);
    case 'percent':
      return `${value.toFixed(2)}%`;
    case 'ms':
      return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ms`;
    case 'qps':
      return value.toLocaleString(locale, { maximumFractionDigits: 2 });
    case 'count':
      return Math.round(value).toLocaleString(locale);
  }
}

/**
 * Axis ticks for bytes: round steps (1, 2 or 5 of a power of ten) of the binary unit the largest
 * value is shown in, from 0 to at least `max`. Decimal ticks shown in binary units read 4.55 TB.
 */
export function byteTicks(max: number, count: number): number[] {
  if (!(max > 0)) return [0];
  let unit = 1;
  while (max / unit >= 1024 && unit < 1024 ** 5) unit *= 1024;
  const raw = max / unit / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power * unit;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks.length * step);
  return ticks;
}

/** A figure of the summary: its value, its unit and, for peaks, when it happened. */
export function figureOf(id: FigureId, s: TrafficSummary): { value: number; unit: Unit; at?: string | null } {
  const derived = summaryFigures(s);
  switch (id) {
    case 'peakBandwidth':
      return { value: s.peak_bps, unit: 'bps', at: s.peak_at };
    case 'p95Bandwidth':
      return { value: s.p95_bps, unit: 'bps' };
    case 'totalFlow':
      return { value: s.bytes, unit: 'bytes' };
    case 'hitFlow':
      return { value: s.hit_bytes, unit: 'bytes' };
    case 'totalRequests':
      return { value: s.requests, unit: 'count' };
    case 'peakQps':
      return { value: s.peak_qps, unit: 'qps' };
    case 'hitRate':
      return { value: derived.hitRate, unit: 'percent' };
    case 'byteHitRate':
      return { value: derived.byteHitRate, unit: 'percent' };
    case 'pv':
      return { value: s.pv, unit: 'count' };
    case 'avgResponse':
      return { value: derived.responseTime, unit: 'ms' };
    case 'blocked':
      return { value: s.blocked, unit: 'count' };
    case 'blockedShare':
      return { value: derived.blockedShare, unit: 'percent' };
    case 's2xx':
    case 's3xx':
    case 's4xx':
    case 's5xx':
      return { value: s[id], unit: 'count' };
  }
}
