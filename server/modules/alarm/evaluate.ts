import type { AlarmIndicator, AlarmRule } from '../../../src/contract/alarm';

/** The sums of one period of the traffic rollups an indicator is read from. */
export interface PeriodSums {
  requests: number;
  bytes: number;
  hit_requests: number;
  s4xx: number;
  s5xx: number;
  rt_ms: number;
}

/**
 * An indicator's value over one period of `minutes`, in the unit its threshold is written in
 * (Mbps, MB, requests, percent, ms); null for a rate of a period without requests.
 */
export function indicatorValue(indicator: AlarmIndicator, sums: PeriodSums, minutes: number): number | null {
  const rate = (part: number) => (sums.requests > 0 ? (part / sums.requests) * 100 : null);
  switch (indicator) {
    case 'bandwidth':
      return (sums.bytes * 8) / (minutes * 60) / 1e6;
    case 'flow':
      return sums.bytes / 1e6;
    case 'requests':
      return sums.requests;
    case 'status4xxRate':
      return rate(sums.s4xx);
    case 'status5xxRate':
      return rate(sums.s5xx);
    case 'hitRate':
      return rate(sums.hit_requests);
    case 'responseTime':
      return sums.requests > 0 ? sums.rt_ms / sums.requests : null;
  }
}

export interface RuleValue extends AlarmRule {
  value: number;
}

/** Whether the rules hold over one period (any or all of them), with the value of each that holds. */
export function periodHolds(
  rules: readonly AlarmRule[],
  match: 'any' | 'all',
  sums: PeriodSums,
  minutes: number,
): { holds: boolean; values: RuleValue[] } {
  const values: RuleValue[] = [];
  let holding = 0;
  for (const rule of rules) {
    const value = indicatorValue(rule.indicator, sums, minutes);
    const holds =
      value !== null && (rule.operator === 'gt' ? value > rule.threshold : value < rule.threshold);
    if (holds) {
      holding++;
      values.push({ ...rule, value: Math.round(value * 100) / 100 });
    }
  }
  return { holds: match === 'all' ? holding === rules.length && rules.length > 0 : holding > 0, values };
}

/**
 * A policy's verdict on the last periods of an object (oldest first): raised when the rules held
 * in each of the last `periods`; clear when they did not hold in the last one.
 */
export function verdictOf(
  rules: readonly AlarmRule[],
  match: 'any' | 'all',
  periods: number,
  last: readonly PeriodSums[],
  minutes: number,
): { raised: boolean; clear: boolean; values: RuleValue[] } {
  const judged = last.map((sums) => periodHolds(rules, match, sums, minutes));
  const tail = judged.slice(-periods);
  const raised = tail.length === periods && tail.every((j) => j.holds);
  const latest = judged.at(-1);
  return { raised, clear: !latest?.holds, values: latest?.values ?? [] };
}
