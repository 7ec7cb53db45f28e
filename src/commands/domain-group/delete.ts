import { groupDeletePayload } from '../../contract/domain';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { liveGroup, menuPath, tag } from './rules';

export const domainGroupDelete = defineCommand({
  name: 'domainGroup.delete',
  schemaVersion: 1,
  payload: groupDeletePayload,
  primary: 'domainGroup',
  targets: (p) => ({ domainGroup: p.id }),
  menuPath,
  api: { path: '/v3/domain/group/delete', summary: 'Delete an empty group.', tag },
  done: 'domain.group.deleted',
  label: /*i18n*/ { id: 'auditLog.action.domainGroup.delete', message: 'Deleted a group' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.groupDelete', message: 'Delete group {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply({ domainGroup }, _p, ctx: ApplyContext<{ holdsDomains: boolean }>) {
    const group = liveGroup(domainGroup);
    if (ctx.facts?.holdsDomains) throw new Refusal('domain.group.notEmpty', 'id');
    return { domainGroup: { ...group, deleted: true } };
  },
});
