import { z } from 'zod';
import { entityId } from '../../contract/domain';
import { certCovers } from '../../contract/rules/cert';
import { text } from '../../contract/text';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { menuPath as domainMenuPath } from '../domain/rules';
import { defaultsOf, checkDomainOf, type SectionFacts } from './section';
import { defaultSection } from '../../contract/domain-config';

/** spec §6: associating a certificate is a function of certificate management. */
export const certMenuPath = '/cdn/cert';

/** What the server reads for an association: the domain (live, no special configuration), its name, and the certificate. */
export interface AssociationFacts extends SectionFacts {
  domainName: string | null;
  cert: { names: string[]; not_after: string } | null;
}

/**
 * Associates a certificate with a domain (spec §2 "associate domain"): its HTTPS section then serves
 * it. The certificate must be the account's, not expired (spec §4), and its CN or SANs must cover
 * the domain ('Associated domain not found.'). The other HTTPS settings stay as they are.
 */
export const httpsAssociate = defineCommand({
  name: 'domainHttps.associate',
  schemaVersion: 1,
  payload: z.object({
    id: entityId,
    certificate_id: entityId,
    /** The names as the user saw them: the pending-changes list shows them. */
    shown_as: text().max(100).optional(),
    cert_name: text().max(100).optional(),
  }),
  primary: 'domainHttps',
  targets: (p) => ({ domainHttps: p.id }),
  menuPath: certMenuPath,
  api: {
    path: '/v3/cert/associate',
    summary:
      'Associate a certificate with a domain: it must be the account’s, not expired, and its CN or SANs must cover the domain (a wildcard covers one label).',
    tag: 'cert',
  },
  done: 'cert.associated',
  label: /*i18n*/ { id: 'auditLog.action.domainHttps.associate', message: 'Associated a certificate' },
  describe: (p) => ({
    message: /*i18n*/ {
      id: 'domainConfig.command.associate',
      message: 'Associate certificate {cert} with {name}',
    },
    values: { name: p.shown_as || p.id, cert: p.cert_name || p.certificate_id },
  }),
  apply(current, p, ctx: ApplyContext<AssociationFacts>) {
    checkDomainOf(ctx.facts);
    const facts = ctx.facts;
    if (facts) {
      if (!facts.cert) throw new Refusal('cert.notFound', 'certificate_id');
      if (new Date(facts.cert.not_after).getTime() <= new Date(ctx.now).getTime())
        throw new Refusal('cert.expiredAssociate', 'certificate_id');
      if (facts.domainName === null || !certCovers(facts.cert.names, facts.domainName))
        throw new Refusal('cert.domainNotFound', 'id');
    }
    const base = current.domainHttps ?? defaultSection('domainHttps', p.id);
    return {
      domainHttps: {
        ...base,
        certificate_id: p.certificate_id,
        id: p.id,
        updated_by: ctx.actor,
        updated_at: ctx.now,
      },
    };
  },
});

/**
 * Turns HTTPS off (spec §4): the certificate is unlinked (not deleted) and the other HTTPS switches
 * (forced HTTPS with its redirect, HSTS, HTTP/2) are turned off, in one change; the TLS versions
 * are kept.
 */
export const httpsOff = defineCommand({
  name: 'domainHttps.off',
  schemaVersion: 1,
  payload: z.object({ id: entityId, shown_as: text().max(100).optional() }),
  primary: 'domainHttps',
  targets: (p) => ({ domainHttps: p.id }),
  menuPath: domainMenuPath,
  api: {
    path: '/v3/domain/https/off',
    summary:
      'Turn HTTPS off for a domain: its certificate is unlinked (not deleted) and forced HTTPS, HSTS and HTTP/2 are turned off.',
    tag: 'domainConfig',
  },
  done: 'cert.httpsOff',
  label: /*i18n*/ { id: 'auditLog.action.domainHttps.off', message: 'Turned HTTPS off' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domainConfig.command.httpsOff', message: 'Turn HTTPS off for {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply(current, p, ctx: ApplyContext<SectionFacts>) {
    checkDomainOf(ctx.facts);
    const base = current.domainHttps ?? defaultSection('domainHttps', p.id);
    const off = defaultsOf('domainHttps');
    return {
      domainHttps: {
        ...base,
        certificate_id: null,
        force_https: off.force_https,
        redirect_code: off.redirect_code,
        hsts: off.hsts,
        hsts_max_age: off.hsts_max_age,
        hsts_subdomains: off.hsts_subdomains,
        http2: off.http2,
        id: p.id,
        updated_by: ctx.actor,
        updated_at: ctx.now,
      },
    };
  },
});
