import { domainRenamePayload } from '../../contract/domain';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { checkName, cnameOf, domainFor, menuPath, tag, type NameFacts } from './rules';

export const domainRename = defineCommand({
  name: 'domain.rename',
  schemaVersion: 1,
  payload: domainRenamePayload,
  primary: 'domain',
  targets: (p) => ({ domain: p.id }),
  menuPath,
  api: {
    path: '/v3/domain/domain/rename',
    summary: 'Change the service domain of a domain; it gets the CNAME of its new name.',
    tag,
  },
  done: 'domain.renamed',
  label: /*i18n*/ { id: 'auditLog.action.domain.rename', message: 'Renamed a domain' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.rename', message: 'Rename {name} to {to}' },
    values: { name: p.shown_as || p.id, to: p.domain },
  }),
  apply({ domain }, p, ctx: ApplyContext<NameFacts>) {
    const current = domainFor('rename', domain);
    if (p.domain === current.domain) throw new Refusal('domain.rename.same', 'domain');
    checkName(ctx.facts);
    // The CNAME follows the name.
    return { domain: { ...current, domain: p.domain, cname: cnameOf(p.domain, ctx) } };
  },
});
