import { Code } from '../../contract/codes';
import { domainCopyPayload, type DomainEntry } from '../../contract/domain';
import { limits } from '../../contract/limits';
import {
  defaultSection,
  type SectionContent,
  type SectionKind,
  type SectionState,
} from '../../contract/domain-config';
import { canApply, sectionsCopied } from '../../contract/rules/domain';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { checkNewDomain, menuPath, newDomain, tag, type NameFacts, type OriginFacts } from './rules';

/** What the server reads for a copy besides the name, group and origins: the source domain. */
export interface CopyFacts extends NameFacts, OriginFacts {
  source: Pick<DomainEntry, 'status' | 'special_config'> | null;
  /** The source's copied sections at the versions the user confirmed; null: a version it never had. */
  sections: Partial<{ [K in SectionKind]: SectionContent<K> | null }>;
}

/** The aggregates a copy writes besides the new domain and the copy: the sections it carries. */
type CopyKind = 'domain' | 'domainCopy' | SectionKind;

/**
 * One target of a copy: a new domain with the source's configuration as the user confirmed it,
 * counted in the copy's own aggregate (spec §5: at most 10 new domains per copy).
 */
export const domainCopyConfig = defineCommand({
  name: 'domain.copyConfig',
  schemaVersion: 1,
  payload: domainCopyPayload,
  primary: 'domain',
  targets: (p) =>
    ({
      domain: p.id,
      domainCopy: p.copy_id,
      ...Object.fromEntries(sectionsCopied(p.contents).map((kind) => [kind, p.id])),
    }) as { [k in CopyKind]: string },
  menuPath,
  api: {
    path: '/v3/domain/domain/copy',
    summary:
      'Add a new domain with the configuration of another (one target of a copy, at most 10 per copy_id). The origins are taken from the payload; the server copies the sections of the chosen contents from the source, at the versions in section_versions (origin: back-to-origin settings; cache: cache rules; https: HTTPS settings, refused when the source has a certificate; access: access lists and URL authentication; performance: compression, POST size and speed limits; advanced: headers and rewrites).',
    tag,
  },
  done: 'domain.copied',
  label: /*i18n*/ { id: 'auditLog.action.domain.copyConfig', message: 'Copied a configuration' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.copyConfig', message: 'Copy configuration to {name}' },
    values: { name: p.domain },
  }),
  apply({ domain, domainCopy }, p, ctx: ApplyContext<CopyFacts>) {
    if (domain) throw new Refusal('domain.rule.exists', 'id');
    if (ctx.facts) {
      const { source } = ctx.facts;
      if (!source || !canApply('copy', source.status)) throw new Refusal('domain.rule.notFound', 'source_id');
      if (source.special_config)
        throw new Refusal('domain.rule.specialConfig', 'source_id', Code.specialConfiguration);
    }
    const targets = domainCopy?.targets ?? [];
    if (domainCopy && domainCopy.source_id !== p.source_id)
      throw new Refusal('domain.rule.notFound', 'copy_id');
    if (targets.length >= limits.domain.copyTargetsMax)
      throw new Refusal('domain.copy.targetsMax', 'copy_id', Code.limitReached, {
        max: limits.domain.copyTargetsMax,
      });
    checkNewDomain(p.group_id, ctx);
    const copied = ctx.facts?.sections ?? {};
    if (Object.values(copied).includes(null))
      throw new Refusal('domain.copy.versionUnknown', 'section_versions');
    if (copied.domainHttps?.certificate_id) throw new Refusal('domain.copy.httpsNotCopied', 'contents');
    // The origins are the user's, as confirmed (the wizard lets them be changed). The sections are
    // the source's, read by the server; the browser predicts them as defaults until it reads them.
    const sections = Object.fromEntries(
      sectionsCopied(p.contents).map((kind) => {
        const state: SectionState<typeof kind> = {
          ...defaultSection(kind, p.id),
          ...(copied[kind] as object | undefined),
          id: p.id,
          updated_by: ctx.actor,
          updated_at: ctx.now,
        };
        return [kind, kind === 'domainHttps' ? { ...state, certificate_id: null } : state];
      }),
    );
    return {
      ...(sections as object),
      domain: newDomain(p, p.source_id, ctx),
      domainCopy: {
        id: p.copy_id,
        source_id: p.source_id,
        contents: p.contents,
        targets: [...targets, p.id],
        version: domainCopy?.version ?? 0,
      },
    } as { [k in CopyKind]: never };
  },
});
