import { groupRenamePayload } from '../../contract/domain';
import { defineCommand, type ApplyContext } from '../command';
import { checkGroupName, liveGroup, menuPath, tag, type GroupNameFacts } from './rules';

export const domainGroupRename = defineCommand({
  name: 'domainGroup.rename',
  schemaVersion: 1,
  payload: groupRenamePayload,
  primary: 'domainGroup',
  targets: (p) => ({ domainGroup: p.id }),
  menuPath,
  api: { path: '/v3/domain/group/rename', summary: 'Rename a group of domains.', tag },
  done: 'domain.group.renamed',
  label: /*i18n*/ { id: 'auditLog.action.domainGroup.rename', message: 'Renamed a group' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.groupRename', message: 'Rename group {name} to {to}' },
    values: { name: p.shown_as || p.id, to: p.name },
  }),
  apply({ domainGroup }, p, ctx: ApplyContext<Pick<GroupNameFacts, 'nameTaken'>>) {
    const group = liveGroup(domainGroup);
    checkGroupName(ctx.facts);
    return { domainGroup: { ...group, name: p.name } };
  },
});
