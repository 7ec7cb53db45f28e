import { describe, expect, it } from 'vitest';
import { dailyPeaks, change, formatValue, metrics } from '../../../../src/features/statistics/metrics';
import {
  chartTime,
  effectiveGranularity,
  granularityChoices,
  parseStatsSearch,
  resolveRange,
  statsDay,
  stringifyStatsSearch,
} from '../../../../src/features/statistics/range';

// 2026-11-24 23:30 UTC is 2026-11-25 07:30 in China Standard Time.
const now = Date.parse('2026-11-24T23:30:00Z');
const cst = (text: string) => Date.parse(`${text}+08:00`);

describe('statistics periods', () => {
  it('resolve presets to whole days of China Standard Time', () => {
    expect(statsDay(now)).toBe('2026-11-25');
    expect(resolveRange({}, now)).toEqual({
      start: cst('2026-11-25T00:00:00'),
      end: cst('2026-11-26T00:00:00'),
      live: true,
    });
    expect(resolveRange({ preset: 'yesterday' }, now)).toEqual({
      start: cst('2026-11-24T00:00:00'),
      end: cst('2026-11-25T00:00:00'),
      live: false,
    });
    expect(resolveRange({ preset: '7d' }, now)).toMatchObject({ start: cst('2026-11-19T00:00:00') });
  });

  it('say the spec’s problem of a custom period', () => {
    expect(resolveRange({ preset: 'custom', from: '2026-11-01' }, now)).toEqual({ problem: 'time.required' });
    expect(resolveRange({ preset: 'custom', from: '2026-11-10', to: '2026-11-01' }, now)).toEqual({
      problem: 'time.required',
    });
    expect(resolveRange({ preset: 'custom', from: '2025-01-01', to: '2026-11-01' }, now)).toEqual({
      problem: 'range.tooLong',
    });
    expect(resolveRange({ preset: 'custom', from: '2025-11-25', to: '2026-11-24' }, now)).toMatchObject({
      live: false,
    });
  });

  it('offer the granularities the period and its rollups allow', () => {
    const today = resolveRange({}, now) as { start: number; end: number; live: boolean };
    expect(granularityChoices(today, now)).toEqual([1, 5, 60, 1440]);
    expect(effectiveGranularity(today, undefined, now)).toBe(1);
    expect(granularityChoices(today, now, true)).toEqual([60, 1440]);
    expect(effectiveGranularity(today, 1, now, true)).toBe(60);
    const month = resolveRange({ preset: '30d' }, now) as { start: number; end: number; live: boolean };
    expect(granularityChoices(month, now)).toEqual([5, 60, 1440]);
    expect(effectiveGranularity(month, 1, now)).toBe(60);
    const old = resolveRange({ preset: 'custom', from: '2026-08-01', to: '2026-08-07' }, now) as {
      start: number;
      end: number;
      live: boolean;
    };
    expect(granularityChoices(old, now)).toEqual([60, 1440]);
  });

  it('draw a day’s point on the day it belongs to, whatever the viewer’s zone', () => {
    // The day 2026-11-25 (UTC+8) begins at 16:00 UTC on the 24th.
    const day = chartTime(Date.parse('2026-11-24T16:00:00Z'), 1440);
    expect([day.getFullYear(), day.getMonth() + 1, day.getDate(), day.getHours()]).toEqual([2026, 11, 25, 0]);
    expect(chartTime(now, 5).getTime()).toBe(now);
  });

  it('read and write the address, dropping what is not valid', () => {
    const id = '230f95e3-3fad-51d4-a935-a684d36a0345';
    const search = parseStatsSearch({
      domains: `${id},nope`,
      preset: '7d',
      granularity: '5',
      region: 'GD',
      carrier: 'martian',
      compare: true,
    });
    expect(search).toEqual({ domains: [id], preset: '7d', granularity: 5, region: 'GD', compare: true });
    expect(stringifyStatsSearch(search)).toEqual({
      domains: id,
      preset: '7d',
      granularity: 5,
      region: 'GD',
      compare: true,
    });
    expect(parseStatsSearch({ preset: 'forever', granularity: 3 })).toEqual({});
  });
});

describe('statistics figures', () => {
  const point = (at: string, bytes: number, requests = 10) => ({
    at,
    requests,
    bytes,
    hit_requests: requests / 2,
    hit_bytes: bytes / 4,
    s2xx: requests,
    s3xx: 0,
    s4xx: 0,
    s5xx: 0,
    blocked: 0,
    pv: 1,
    rt_ms: requests * 20,
  });

  it('turn sums into bandwidth, rates and averages', () => {
    const p = point('2026-11-24T00:00:00Z', 7_500_000, 300);
    expect(metrics.bandwidth.of(p, 60)).toBe(1_000_000);
    expect(metrics.qps.of(p, 60)).toBe(5);
    expect(metrics.hitRate.of(p)).toBe(50);
    expect(metrics.byteHitRate.of(p)).toBe(25);
    expect(metrics.responseTime.of(p)).toBe(20);
    expect(metrics.hitRate.of(point('2026-11-24T00:00:00Z', 0, 0))).toBe(0);
  });

  it('find each day’s peak in China Standard Time, newest first', () => {
    const days = dailyPeaks(
      [
        point('2026-11-23T15:55:00Z', 300), // 23:55 on the 23rd
        point('2026-11-23T16:00:00Z', 600), // 00:00 on the 24th
        point('2026-11-24T02:00:00Z', 900),
      ],
      300,
    );
    expect(days.map((d) => [d.day, d.peakAt, d.bytes])).toEqual([
      ['2026-11-24', '2026-11-24T02:00:00Z', 1500],
      ['2026-11-23', '2026-11-23T15:55:00Z', 300],
    ]);
    expect(days[0]!.peakBps).toBe(24);
  });

  it('word changes and units', () => {
    expect(change(150, 100)).toBe(50);
    expect(change(0, 0)).toBe(0);
    expect(change(5, 0)).toBeNull();
    expect(formatValue(2_390_000_000, 'bps', 'en-US')).toBe('2.39 Gbps');
    expect(formatValue(1536, 'bytes', 'en-US')).toBe('1.50 KB');
    expect(formatValue(1234567, 'count', 'en-US')).toBe('1,234,567');
    expect(formatValue(12.345, 'percent', 'en-US')).toBe('12.35%');
  });
});
