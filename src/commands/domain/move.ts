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
  apply({ domain }, p, ctx: ApplyContext<Pick<NameFacts, 'groupExists'>>) {
    const current = domainFor('move', domain);
    checkGroup(p.group_id, ctx.facts && { nameTaken: false, ...ctx.facts });
    return { domain: { ...current, group_id: p.group_id } };
  },
});
