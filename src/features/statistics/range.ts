import {
  defaultGranularity,
  finestGranularity,
  granularities,
  retentionDays,
  statsDayStart,
  statsOffsetMs,
  trafficLimits,
  type Granularity,
} from '../../contract/traffic-constants';
import type { StatsSearch } from './search';

export { presets, parseStatsSearch, stringifyStatsSearch } from './search';
export type { Preset, StatsSearch } from './search';

const dayMs = 86_400_000;

export { statsDayStart };

/** `YYYY-MM-DD` of the statistics day holding `at`. */
export const statsDay = (at: number) =>
  new Date(statsDayStart(at) + statsOffsetMs).toISOString().slice(0, 10);

/** Midnight (UTC+8) that begins the day `YYYY-MM-DD`. */
export const dayStartOf = (day: string) => Date.parse(`${day}T00:00:00Z`) - statsOffsetMs;

export type RangeProblem = 'time.required' | 'range.tooLong';

export interface ResolvedRange {
  start: number;
  end: number;
  /** The period reaches the present: its figures still grow. */
  live: boolean;
}

/** The period a query asks for at `now`, or why it cannot be asked (spec §5 and §8 messages). */
export function resolveRange(search: StatsSearch, now: number): ResolvedRange | { problem: RangeProblem } {
  const today = statsDayStart(now);
  const days = (start: number, end: number) => ({ start, end, live: end > now });
  switch (search.preset ?? 'today') {
    case 'today':
      return days(today, today + dayMs);
    case 'yesterday':
      return days(today - dayMs, today);
    case '7d':
      return days(today - 6 * dayMs, today + dayMs);
    case '30d':
      return days(today - 29 * dayMs, today + dayMs);
    case 'custom': {
      if (!search.from || !search.to) return { problem: 'time.required' };
      const start = dayStartOf(search.from);
      const end = dayStartOf(search.to) + dayMs;
      if (!(end > start)) return { problem: 'time.required' };
      if (end - start > trafficLimits.rangeDaysMax * dayMs) return { problem: 'range.tooLong' };
      return days(start, end);
    }
  }
}

/**
 * The granularities a period may be drawn at: from the finest its length allows, and no finer
 * than the rollups kept for its age (1-minute points for 7 days, 5-minute ones for 35).
 */
export function granularityChoices(range: ResolvedRange, now: number, geo = false): Granularity[] {
  // Points by region and carrier are kept by the hour and the day only.
  const finest = Math.max(finestGranularity(range.end - range.start), geo ? 60 : 1);
  const age = now - range.start;
  const kept: Granularity =
    age <= retentionDays.minute * dayMs
      ? 1
      : age <= retentionDays.fiveMinutes * dayMs
        ? 5
        : age <= retentionDays.hour * dayMs
          ? 60
          : 1440;
  const floor = Math.max(finest, kept);
  return granularities.filter((g) => g >= floor);
}

/** The granularity asked: the chosen one when the period allows it, else the period's default. */
export function effectiveGranularity(
  range: ResolvedRange,
  chosen: Granularity | undefined,
  now: number,
  geo = false,
): Granularity {
  const choices = granularityChoices(range, now, geo);
  if (chosen !== undefined && choices.includes(chosen)) return chosen;
  // A day that is still going is drawn by the minute: its newest points arrive as they happen.
  const preferred =
    range.live && range.end - range.start <= dayMs ? 1 : defaultGranularity(range.end - range.start);
  return choices.find((g) => g >= preferred) ?? choices[choices.length - 1] ?? 1440;
}

/**
 * Where a point stands on a chart's time axis. A day's point is drawn at midnight of its
 * statistics day (UTC+8) in the viewer's zone, so the axis names the day the figures belong to.
 */
export function chartTime(at: number, granularity: number): Date {
  return granularity === 1440 ? new Date(`${statsDay(at)}T00:00:00`) : new Date(at);
}
