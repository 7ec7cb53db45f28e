import type { AlarmPolicy, AlarmRule, MonitorType } from '../../contract/alarm';
import { alarmNameMax } from '../../contract/rules/alarm';

/** A rule as its fields hold it: the threshold as typed. */
export interface RuleDraft {
  indicator: AlarmRule['indicator'];
  operator: AlarmRule['operator'];
  threshold: string;
}

/** A policy as its dialog holds it: numbers as typed, the object type possibly not chosen yet. */
export interface PolicyDraft {
  id: string;
  name: string;
  monitor_type: MonitorType | '';
  domain_ids: string[];
  rules: RuleDraft[];
  match: 'any' | 'all';
  period: 1 | 5;
  periods: string;
  enabled: boolean;
  template_ids: string[];
}

export const policyDraftOf = (policy: AlarmPolicy | null): PolicyDraft =>
  policy
    ? {
        ...policy,
        rules: policy.rules.map((r) => ({ ...r, threshold: String(r.threshold) })),
        periods: String(policy.periods),
      }
    : {
        id: crypto.randomUUID(),
        name: '',
        monitor_type: '',
        domain_ids: [],
        rules: [],
        match: 'any',
        period: 5,
        periods: '3',
        enabled: true,
        template_ids: [],
      };

export const policyPayloadOf = (d: PolicyDraft) => ({
  ...d,
  monitor_type: d.monitor_type === '' ? undefined : d.monitor_type,
  rules: d.rules.map((r) => ({
    ...r,
    threshold: r.threshold.trim() === '' ? Number.NaN : Number(r.threshold),
  })),
  periods: Number(d.periods),
});

/** The name a copy is offered: the source's with the suffix, shortened to fit the name's limit. */
export const copyName = (name: string, suffix: string) =>
  [...name].slice(0, alarmNameMax - [...suffix].length).join('') + suffix;
