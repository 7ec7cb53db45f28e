import { domainOriginsPayload } from '../../contract/domain';
import { defineCommand, type ApplyContext } from '../command';
import { checkOriginsPublic, domainFor, menuPath, tag, type OriginFacts } from './rules';

/** The origins of a domain after its creation: the list shows its primary origin, so they stay on the domain. */
export const domainSetOrigins = defineCommand({
  name: 'domain.setOrigins',
  schemaVersion: 1,
  payload: domainOriginsPayload,
  primary: 'domain',
  targets: (p) => ({ domain: p.id }),
  menuPath,
  api: {
    path: '/v3/domain/domain/origins',
    summary:
      'Replace the origins of a domain (addresses, ports, priorities, weights, carriers, protocol, host).',
    tag,
  },
  done: 'domain.originsSaved',
  label: /*i18n*/ { id: 'auditLog.action.domain.setOrigins', message: 'Changed the origins' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domainConfig.command.origins', message: 'Change the origins of {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply({ domain }, p, ctx: ApplyContext<OriginFacts>) {
    const current = domainFor('configure', domain);
    checkOriginsPublic(ctx.facts, ctx.settings);
    return { domain: { ...current, origins: p.origins } };
  },
});
