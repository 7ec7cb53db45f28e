import { z } from 'zod';
import { authorship, paging, updatedSince } from './fields';
import { entityId } from './domain';
import { languages } from './limits';
import { alarmNameProblem, callbackUrlProblem, contactFieldProblem } from './rules/alarm';
import { text } from './text';

/**
 * Alarms (spec §2 /cdn/alarm-manage, §3, §4, §5, §8, §9): policies watch indicators of the
 * account's traffic on chosen domains (or the whole account), raise an alarm after a threshold is
 * crossed over N consecutive periods and restore it after; templates say who is told, in which
 * language, through which channels; contacts and contact groups are who.
 */

/** spec §8 "choose the object type first": what a policy watches. */
export const monitorTypes = ['domain', 'account'] as const;
export type MonitorType = (typeof monitorTypes)[number];

export const alarmIndicators = [
  'bandwidth',
  'flow',
  'requests',
  'status4xxRate',
  'status5xxRate',
  'hitRate',
  'responseTime',
] as const;
export type AlarmIndicator = (typeof alarmIndicators)[number];

/** The unit of each indicator's threshold. */
export const indicatorUnits: Record<AlarmIndicator, 'Mbps' | 'MB' | 'count' | 'percent' | 'ms'> = {
  bandwidth: 'Mbps',
  flow: 'MB',
  requests: 'count',
  status4xxRate: 'percent',
  status5xxRate: 'percent',
  hitRate: 'percent',
  responseTime: 'ms',
};

export const alarmOperators = ['gt', 'lt'] as const;
export const alarmChannels = ['email', 'sms', 'callback'] as const;
export type AlarmChannel = (typeof alarmChannels)[number];
/** What a template tells: alarms only, or alarms and their restoration. */
export const notifyKinds = ['alarm', 'alarmAndRestore'] as const;

export const alarmLimits = {
  rulesMax: 5,
  domainsMax: 100,
  /** spec §9: not shown; ours. */
  templatesPerPolicy: 5,
  periodsMax: 10,
  recipientsMax: 50,
  policiesMax: 100,
  templatesMax: 50,
  contactsMax: 200,
  groupsMax: 50,
} as const;

const checked = (rule: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = rule(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

export const alarmName = text().trim().superRefine(checked(alarmNameProblem));

export const alarmRule = z
  .object({
    indicator: z.enum(alarmIndicators),
    operator: z.enum(alarmOperators),
    threshold: z.number().min(0, 'alarm.rule.threshold.invalid').max(1e9, 'alarm.rule.threshold.invalid'),
  })
  .superRefine((rule, ctx) => {
    if (indicatorUnits[rule.indicator] === 'percent' && rule.threshold > 100)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'alarm.rule.threshold.percent' });
  });
export type AlarmRule = z.infer<typeof alarmRule>;

const stamps = { deleted: z.boolean(), ...authorship };

const policyFields = {
  name: alarmName,
  monitor_type: z.enum(monitorTypes, 'alarm.policy.objectType.required'),
  /** The domains watched (monitor type `domain`). */
  domain_ids: z.array(entityId).max(alarmLimits.domainsMax).default([]),
  rules: z.array(alarmRule).max(alarmLimits.rulesMax, 'alarm.policy.rules.tooMany'),
  /** Whether every rule or any rule must hold in a period. */
  match: z.enum(['any', 'all']).default('any'),
  /** Minutes of one period (the rollup it reads). */
  period: z.union([z.literal(1), z.literal(5)]).default(5),
  /** Consecutive periods the condition holds before the alarm is raised. */
  periods: z.number().int().min(1).max(alarmLimits.periodsMax).default(3),
  enabled: z.boolean().default(true),
  template_ids: z
    .array(entityId)
    .max(alarmLimits.templatesPerPolicy, 'alarm.policy.templates.tooMany')
    .default([]),
};

export const alarmPolicySavePayload = z.object({ id: entityId, ...policyFields }).superRefine((p, ctx) => {
  if (p.rules.length === 0)
    ctx.addIssue({ code: 'custom', path: ['rules'], message: 'alarm.policy.rules.required' });
  if (p.monitor_type === 'domain' && p.domain_ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['domain_ids'], message: 'alarm.policy.objects.required' });
});
export type AlarmPolicySavePayload = z.input<typeof alarmPolicySavePayload>;

export const alarmPolicy = z.object({
  id: z.string(),
  name: z.string(),
  monitor_type: z.enum(monitorTypes),
  domain_ids: z.array(z.string()),
  rules: z.array(
    z.object({ indicator: z.enum(alarmIndicators), operator: z.enum(alarmOperators), threshold: z.number() }),
  ),
  match: z.enum(['any', 'all']),
  period: z.union([z.literal(1), z.literal(5)]),
  periods: z.number().int(),
  enabled: z.boolean(),
  template_ids: z.array(z.string()),
  ...stamps,
});
export type AlarmPolicy = z.infer<typeof alarmPolicy>;

export const alarmPolicyEnablePayload = z.object({ id: entityId, enabled: z.boolean() });
export const alarmDeletePayload = z.object({ id: entityId });

export const alarmTemplateSavePayload = z
  .object({
    id: entityId,
    name: alarmName,
    notify: z.enum(notifyKinds).default('alarmAndRestore'),
    language: z.enum(languages).default('zh_CN'),
    contact_ids: z.array(entityId).max(alarmLimits.recipientsMax).default([]),
    group_ids: z.array(entityId).max(alarmLimits.recipientsMax).default([]),
    channels: z.array(z.enum(alarmChannels)).max(3),
    callback_url: text().trim().max(512).default(''),
  })
  .superRefine((p, ctx) => {
    if (p.channels.length === 0)
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'alarm.template.channels.required' });
    const needsPeople = p.channels.includes('email') || p.channels.includes('sms');
    if (needsPeople && p.contact_ids.length + p.group_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['contact_ids'], message: 'alarm.template.recipients.required' });
    if (p.channels.includes('callback')) {
      const problem = callbackUrlProblem(p.callback_url);
      if (problem) ctx.addIssue({ code: 'custom', path: ['callback_url'], message: problem });
    }
  });
export type AlarmTemplateSavePayload = z.input<typeof alarmTemplateSavePayload>;

export const alarmTemplate = z.object({
  id: z.string(),
  name: z.string(),
  notify: z.enum(notifyKinds),
  language: z.enum(languages),
  contact_ids: z.array(z.string()),
  group_ids: z.array(z.string()),
  channels: z.array(z.enum(alarmChannels)),
  callback_url: z.string(),
  ...stamps,
});
export type AlarmTemplate = z.infer<typeof alarmTemplate>;

const contactField = (field: 'name' | 'role' | 'phone' | 'email') =>
  text()
    .trim()
    .superRefine(checked((value) => contactFieldProblem(field, value)));

export const alarmContactSavePayload = z.object({
  id: entityId,
  name: contactField('name'),
  role: contactField('role'),
  phone: contactField('phone'),
  email: contactField('email'),
});
export type AlarmContactSavePayload = z.input<typeof alarmContactSavePayload>;

export const alarmContact = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  phone: z.string(),
  email: z.string(),
  ...stamps,
});
export type AlarmContact = z.infer<typeof alarmContact>;

export const alarmGroupSavePayload = z.object({
  id: entityId,
  name: text().trim().min(1, 'alarm.group.name.required').max(30, 'alarm.group.name.tooLong'),
  contact_ids: z.array(entityId).max(alarmLimits.recipientsMax),
});
export const alarmGroup = z.object({
  id: z.string(),
  name: z.string(),
  contact_ids: z.array(z.string()),
  ...stamps,
});
export type AlarmGroup = z.infer<typeof alarmGroup>;

/** Every alarm setting of the account (deleted ones too when asked for changes since a time). */
export const alarmConfigQuery = z.object({ updated_since: updatedSince });
export const alarmConfigResult = z.object({
  policies: z.array(alarmPolicy),
  templates: z.array(alarmTemplate),
  contacts: z.array(alarmContact),
  groups: z.array(alarmGroup),
  server_time: z.string(),
});

// ---- history and deliveries ------------------------------------------------------------------

export const alarmStatuses = ['ongoing', 'restored'] as const;
export const deliveryStatuses = [
  'pending',
  'sent',
  'retrying',
  'failed',
  'notConfigured',
  'quotaExceeded',
  'noRecipient',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const alarmEvent = z.object({
  id: z.string(),
  policy_id: z.string(),
  policy_name: z.string(),
  monitor_type: z.enum(monitorTypes),
  /** The domain's name, or '' for the whole account. */
  object: z.string(),
  /** The rules that held, with the values seen in the last period. */
  content: z.array(
    z.object({
      indicator: z.enum(alarmIndicators),
      operator: z.enum(alarmOperators),
      threshold: z.number(),
      value: z.number(),
    }),
  ),
  status: z.enum(alarmStatuses),
  started_at: z.string(),
  restored_at: z.string().nullable(),
  /** Deliveries by state (the log says each). */
  deliveries: z.record(z.string(), z.number().int()),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

export const alarmHistoryQuery = z.object({
  status: z.enum(alarmStatuses).optional(),
  keyword: text().trim().max(100).optional(),
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  ...paging(100),
});
export const alarmHistoryResult = z.object({ lists: z.array(alarmEvent), total: z.number().int() });

export const alarmDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  /** Raised or restored. */
  kind: z.enum(['alarm', 'restore']),
  channel: z.enum(alarmChannels),
  recipient: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AlarmDelivery = z.infer<typeof alarmDelivery>;
export const alarmDeliveryQuery = z.object({ event_id: entityId });
export const alarmDeliveryResult = z.object({ lists: z.array(alarmDelivery) });

/** The key callbacks are signed with (HMAC-SHA256), shown to the account. */
export const alarmCallbackKeyResult = z.object({ key: z.string(), created_at: z.string() });

/** Maximum of each alarm setting per account, by kind. */
export const alarmKindsMax = {
  alarmPolicy: alarmLimits.policiesMax,
  alarmTemplate: alarmLimits.templatesMax,
  alarmContact: alarmLimits.contactsMax,
  alarmGroup: alarmLimits.groupsMax,
} as const;
