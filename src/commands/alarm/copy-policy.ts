import { alarmPolicySavePayload } from '../../contract/alarm';
import { entityId } from '../../contract/domain';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { checkSave, menuPath, stamped, tag, type SaveFacts } from './rules';

/**
 * A new policy made from another: the copy carries the whole policy as the user confirmed it (so
 * a copy made offline shows at once and does not depend on the source still being there) and the
 * source's id, which the audit log keeps. The rules are a new policy's: a name of its own, the
 * account's number of policies, domains and templates that exist.
 */
export const alarmPolicyCopy = defineCommand({
  name: 'alarmPolicy.copy',
  schemaVersion: 1,
  payload: alarmPolicySavePayload.safeExtend({ copied_from: entityId }),
  primary: 'alarmPolicy',
  targets: (p) => ({ alarmPolicy: p.id }),
  menuPath,
  api: {
    path: '/v3/alarm/policy/copy',
    summary:
      'Create an alarm policy as a copy of another: the new policy in full (as for a save, with a new id) and copied_from, the id of the policy it copies.',
    tag,
  },
  done: /*i18n*/ { id: 'alarm.policy.copied', message: 'Alarm policy copied' },
  label: /*i18n*/ { id: 'auditLog.action.alarmPolicy.copy', message: 'Copied an alarm policy' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'alarm.command.policyCopy', message: 'Copy an alarm policy as {name}' },
    values: { name: p.name },
  }),
  // The same facts as a save of the new policy: its name, the count, the domains and templates.
  factsOf: 'alarmPolicy.save',
  apply({ alarmPolicy: before }, { copied_from: _source, ...p }, ctx: ApplyContext<SaveFacts>) {
    if (before) throw new Refusal(copyExists.id, 'id');
    checkSave('policy', ctx.facts, true);
    return {
      alarmPolicy: {
        ...p,
        domain_ids: p.monitor_type === 'domain' ? p.domain_ids : [],
        ...stamped(undefined, ctx),
      },
    };
  },
});

const copyExists = /*i18n*/ {
  id: 'alarm.policy.copyExists',
  message: 'This copy has been made already: a copy is always a new policy.',
};
