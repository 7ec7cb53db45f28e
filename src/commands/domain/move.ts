import { domainMovePayload } from '../../contract/domain';
import { defineCommand, type ApplyContext } from '../command';
import { checkGroup, domainFor, menuPath, tag, type NameFacts } from './rules';

export const domainMove = defineCommand({
  name: 'domain.move',
  schemaVersion: 1,
  payload: domainMovePayload,
  primary: 'domain',
  targets: (p) => ({ domain: p.id }),
  menuPath,
  api: {
    path: '/v3/domain/domain/group',
    summary: 'Put a domain in a group, or in none (group_id null).',
    tag,
  },
  done: 'domain.moved',
  label: /*i18n*/ { id: 'auditLog.action.domain.move', message: 'Moved a domain to another group' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.move', message: 'Move {name} to another group' },
    values: { name: p.shown_as || p.id },
  }),
  apply({ domain }, p, ctx: ApplyContext<Pick<NameFacts, 'groupExists'>>) {
    const current = domainFor('move', domain);
    checkGroup(p.group_id, ctx.facts && { nameTaken: false, ...ctx.facts });
    return { domain: { ...current, group_id: p.group_id } };
  },
});
