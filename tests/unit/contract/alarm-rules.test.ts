import { describe, expect, it } from 'vitest';
import {
  alarmContactSavePayload,
  alarmPolicySavePayload,
  alarmTemplateSavePayload,
} from '../../../src/contract/alarm';
import { alarmNameProblem, contactFieldProblem, smsQuotaProblem } from '../../../src/contract/rules/alarm';
import { periodHolds, verdictOf } from '../../../server/modules/alarm/evaluate';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('alarm names (spec §5: letter or Chinese first; letters, Chinese, digits, _; at most 30)', () => {
  it.each([
    { name: 'a'.repeat(29), problem: null },
    { name: 'a'.repeat(30), problem: null },
    { name: 'a'.repeat(31), problem: 'alarm.name.tooLong' },
    { name: '带'.repeat(30), problem: null },
    { name: '带'.repeat(31), problem: 'alarm.name.tooLong' },
    { name: '带宽_alarm_1', problem: null },
    { name: 'Bandwidth', problem: null },
    { name: '1bandwidth', problem: 'alarm.name.firstChar' },
    { name: '_bandwidth', problem: 'alarm.name.firstChar' },
    { name: 'band width', problem: 'alarm.name.chars' },
    { name: 'band-width', problem: 'alarm.name.chars' },
    { name: 'bandwidth!', problem: 'alarm.name.chars' },
    { name: '', problem: 'alarm.name.required' },
  ])('"$name" → $problem', ({ name, problem }) => {
    expect(alarmNameProblem(name)).toBe(problem);
  });
});

describe('contacts (spec §5: name, role, phone and email required and valid)', () => {
  it.each([
    { field: 'phone', value: '13800138000', problem: null },
    { field: 'phone', value: '1380013800', problem: 'alarm.contact.phone.invalid' },
    { field: 'phone', value: '138001380001', problem: 'alarm.contact.phone.invalid' },
    { field: 'phone', value: '23800138000', problem: 'alarm.contact.phone.invalid' },
    { field: 'phone', value: '', problem: 'alarm.contact.phone.required' },
    { field: 'email', value: 'ops@example.com', problem: null },
    { field: 'email', value: 'ops@example', problem: 'alarm.contact.email.invalid' },
    { field: 'email', value: '', problem: 'alarm.contact.email.required' },
    { field: 'name', value: '', problem: 'alarm.contact.name.required' },
    { field: 'role', value: '', problem: 'alarm.contact.role.required' },
  ] as const)('$field "$value" → $problem', ({ field, value, problem }) => {
    expect(contactFieldProblem(field, value)).toBe(problem);
  });

  it('needs every field', () => {
    expect(
      issues(
        alarmContactSavePayload.safeParse({
          id: crypto.randomUUID(),
          name: '',
          role: '',
          phone: '',
          email: '',
        }),
      ),
    ).toEqual([
      'alarm.contact.name.required',
      'alarm.contact.role.required',
      'alarm.contact.phone.required',
      'alarm.contact.email.required',
    ]);
  });
});

describe('policies (spec §8: "choose the object type first", "choose a rule first")', () => {
  const base = {
    id: crypto.randomUUID(),
    name: 'Bandwidth',
    rules: [{ indicator: 'bandwidth', operator: 'gt', threshold: 10 }],
  };
  it('asks for the object type first, then a rule', () => {
    expect(issues(alarmPolicySavePayload.safeParse({ ...base, monitor_type: undefined }))).toEqual([
      'alarm.policy.objectType.required',
    ]);
    expect(issues(alarmPolicySavePayload.safeParse({ ...base, monitor_type: 'account', rules: [] }))).toEqual(
      ['alarm.policy.rules.required'],
    );
    expect(issues(alarmPolicySavePayload.safeParse({ ...base, monitor_type: 'domain' }))).toEqual([
      'alarm.policy.objects.required',
    ]);
    expect(alarmPolicySavePayload.safeParse({ ...base, monitor_type: 'account' }).success).toBe(true);
  });
  it('keeps rate thresholds within 0-100', () => {
    const rule = { indicator: 'hitRate', operator: 'lt', threshold: 101 };
    expect(
      issues(alarmPolicySavePayload.safeParse({ ...base, monitor_type: 'account', rules: [rule] })),
    ).toEqual(['alarm.rule.threshold.percent']);
  });
  it('templates need a channel, recipients for email and SMS, and a valid callback URL', () => {
    const template = { id: crypto.randomUUID(), name: 'Ops' };
    expect(issues(alarmTemplateSavePayload.safeParse({ ...template, channels: [] }))).toEqual([
      'alarm.template.channels.required',
    ]);
    expect(issues(alarmTemplateSavePayload.safeParse({ ...template, channels: ['sms'] }))).toEqual([
      'alarm.template.recipients.required',
    ]);
    expect(
      issues(
        alarmTemplateSavePayload.safeParse({ ...template, channels: ['callback'], callback_url: 'ftp://x' }),
      ),
    ).toEqual(['alarm.template.callback.invalid']);
    expect(
      alarmTemplateSavePayload.safeParse({
        ...template,
        channels: ['callback'],
        callback_url: 'https://x.example/h',
      }).success,
    ).toBe(true);
  });
});

describe('SMS quota (spec §9: 20 a minute, 100 an hour, 800 a day, whichever first)', () => {
  const now = Date.UTC(2026, 10, 26, 4, 0, 0); // 12:00 UTC+8
  const times = (n: number, from: number, step: number) =>
    Array.from({ length: n }, (_, i) => from + i * step);
  it.each([
    { name: '19 in the last minute', sent: times(19, now - 50_000, 1000), problem: null },
    { name: '20 in the last minute', sent: times(20, now - 50_000, 1000), problem: 'minute' },
    {
      name: '20, the oldest 60 s ago',
      sent: [now - 60_000, ...times(19, now - 50_000, 1000)],
      problem: null,
    },
    { name: '99 in the last hour', sent: times(99, now - 3_500_000, 35_000), problem: null },
    { name: '100 in the last hour', sent: times(100, now - 3_500_000, 35_000), problem: 'hour' },
    { name: '799 today', sent: times(799, now - 11 * 3_600_000, 40_000), problem: null },
    { name: '800 today', sent: times(800, now - 11 * 3_600_000, 40_000), problem: 'day' },
    {
      name: '800 yesterday (UTC+8), none today',
      sent: times(800, now - 20 * 3_600_000, 10_000),
      problem: null,
    },
  ])('$name → $problem', ({ sent, problem }) => {
    expect(smsQuotaProblem(sent, now)).toBe(problem);
  });
});

describe('a policy judged on its periods', () => {
  const quiet = { requests: 1000, bytes: 7.5e8, hit_requests: 900, s4xx: 10, s5xx: 1, rt_ms: 50_000 };
  const spike = { ...quiet, bytes: 7.5e9, s5xx: 200 };
  const rules = [{ indicator: 'bandwidth' as const, operator: 'gt' as const, threshold: 500 }];
  it('reads each indicator in its unit', () => {
    expect(periodHolds(rules, 'any', spike, 1).values[0]?.value).toBe(1000); // 7.5e9 B × 8 / 60 s = 1000 Mbps
    expect(
      periodHolds([{ indicator: 'status5xxRate', operator: 'gt', threshold: 10 }], 'any', spike, 1).values[0]
        ?.value,
    ).toBe(20);
    expect(
      periodHolds([{ indicator: 'hitRate', operator: 'lt', threshold: 95 }], 'any', quiet, 1).holds,
    ).toBe(true);
    expect(
      periodHolds([{ indicator: 'responseTime', operator: 'gt', threshold: 40 }], 'any', quiet, 1).values[0]
        ?.value,
    ).toBe(50);
  });
  it('raises after N consecutive periods, and clears when the last does not hold', () => {
    expect(verdictOf(rules, 'any', 2, [quiet, spike], 1)).toMatchObject({ raised: false, clear: false });
    expect(verdictOf(rules, 'any', 2, [spike, spike], 1)).toMatchObject({ raised: true, clear: false });
    expect(verdictOf(rules, 'any', 2, [spike, quiet], 1)).toMatchObject({ raised: false, clear: true });
  });
  it('needs every rule with "all"', () => {
    const both = [...rules, { indicator: 'hitRate' as const, operator: 'lt' as const, threshold: 50 }];
    expect(verdictOf(both, 'any', 1, [spike], 1).raised).toBe(true);
    expect(verdictOf(both, 'all', 1, [spike], 1).raised).toBe(false);
  });
});
