import { Code } from '../../contract/codes';
import { groupCreatePayload } from '../../contract/domain';
import { limits } from '../../contract/limits';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { checkGroupName, menuPath, tag, type GroupNameFacts } from './rules';

export const domainGroupCreate = defineCommand({
  name: 'domainGroup.create',
  schemaVersion: 1,
  payload: groupCreatePayload,
  primary: 'domainGroup',
  targets: (p) => ({ domainGroup: p.id }),
  menuPath,
  api: { path: '/v3/domain/group/add', summary: 'Create a group of domains.', tag },
  done: 'domain.group.created',
  label: /*i18n*/ { id: 'auditLog.action.domainGroup.create', message: 'Created a group' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.groupCreate', message: 'Create group {name}' },
    values: { name: p.name },
  }),
  apply({ domainGroup }, p, ctx: ApplyContext<GroupNameFacts>) {
    if (domainGroup) throw new Refusal('domain.group.exists', 'id');
    checkGroupName(ctx.facts);
    if (ctx.facts && ctx.facts.groups >= limits.domain.groupsMax)
      throw new Refusal('domain.group.limit', 'name', Code.limitReached, { max: limits.domain.groupsMax });
    return {
      domainGroup: {
        id: p.id,
        name: p.name,
        deleted: false,
        created_at: ctx.now,
        updated_at: ctx.now,
        version: 0,
      },
    };
  },
});
