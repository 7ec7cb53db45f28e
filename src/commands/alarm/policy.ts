import { alarmPolicyEnablePayload, alarmPolicySavePayload } from '../../contract/alarm';
import { defineCommand, type ApplyContext } from '../command';
import { existing, menuPath, saved, tag, type SaveFacts } from './rules';
import { settingDelete } from './setting-delete';

/** Creates a policy, or changes one (its id names it). */
export const alarmPolicySave = defineCommand({
  name: 'alarmPolicy.save',
  schemaVersion: 1,
  payload: alarmPolicySavePayload,
  primary: 'alarmPolicy',
  targets: (p) => ({ alarmPolicy: p.id }),
  menuPath,
  api: {
    path: '/v3/alarm/policy/save',
    summary:
      'Create or change an alarm policy: monitor type and objects, rules (indicator, operator, threshold), any or all, period and consecutive periods, on/off, notification templates.',
    tag,
  },
  done: 'alarm.policy.saved',
  label: /*i18n*/ { id: 'auditLog.action.alarmPolicy.save', message: 'Saved an alarm policy' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'alarm.command.policySave', message: 'Save the alarm policy {name}' },
    values: { name: p.name },
  }),
  apply: ({ alarmPolicy }, p, ctx: ApplyContext<SaveFacts>) => ({
    alarmPolicy: saved(
      'policy',
      alarmPolicy,
      { ...p, domain_ids: p.monitor_type === 'domain' ? p.domain_ids : [] },
      ctx,
    ),
  }),
});

/** Turns a policy on or off. */
export const alarmPolicyEnable = defineCommand({
  name: 'alarmPolicy.enable',
  schemaVersion: 1,
  payload: alarmPolicyEnablePayload,
  primary: 'alarmPolicy',
  targets: (p) => ({ alarmPolicy: p.id }),
  menuPath,
  api: { path: '/v3/alarm/policy/enable', summary: 'Turn an alarm policy on or off.', tag },
  done: 'alarm.policy.saved',
  label: /*i18n*/ { id: 'auditLog.action.alarmPolicy.enable', message: 'Turned an alarm policy on or off' },
  describe: () => ({
    message: /*i18n*/ { id: 'alarm.command.policyEnable', message: 'Turn an alarm policy on or off' },
  }),
  apply({ alarmPolicy }, p, ctx) {
    const policy = existing(alarmPolicy, 'alarm.policy.notFound');
    return { alarmPolicy: { ...policy, enabled: p.enabled, updated_by: ctx.actor, updated_at: ctx.now } };
  },
});

export const alarmPolicyDelete = settingDelete(
  'alarmPolicy.delete',
  'alarmPolicy',
  { path: '/v3/alarm/policy/delete', summary: 'Delete an alarm policy (its ongoing alarms are restored).' },
  {
    done: 'alarm.policy.deleted',
    label: /*i18n*/ { id: 'auditLog.action.alarmPolicy.delete', message: 'Deleted an alarm policy' },
    line: /*i18n*/ { id: 'alarm.command.policyDelete', message: 'Delete an alarm policy' },
    notFound: 'alarm.policy.notFound',
  },
);
