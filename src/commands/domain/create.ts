import { domainCreatePayload } from '../../contract/domain';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { checkNewDomain, menuPath, newDomain, tag, type NameFacts, type OriginFacts } from './rules';

export const domainCreate = defineCommand({
  name: 'domain.create',
  schemaVersion: 1,
  payload: domainCreatePayload,
  primary: 'domain',
  targets: (p) => ({ domain: p.id }),
  menuPath,
  api: {
    path: '/v3/domain/domain/add',
    summary: 'Add an accelerated domain with its origins; the answer carries its CNAME.',
    tag,
  },
  done: 'domain.created',
  label: /*i18n*/ { id: 'auditLog.action.domain.create', message: 'Created a domain' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.create', message: 'Add domain {name}' },
    values: { name: p.domain },
  }),
  apply({ domain }, p, ctx: ApplyContext<NameFacts & OriginFacts>) {
    if (domain) throw new Refusal('domain.rule.exists', 'id');
    checkNewDomain(p.group_id, ctx);
    return { domain: newDomain(p, null, ctx) };
  },
});
