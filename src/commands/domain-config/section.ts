import type { MessageDescriptor } from '@lingui/core';
import { Code } from '../../contract/codes';
import type { DomainEntry } from '../../contract/domain';
import { canApply } from '../../contract/rules/domain';
import {
  configSections,
  defaultSection,
  sectionPayload,
  type SectionContent,
  type SectionKind,
  type SectionState,
} from '../../contract/domain-config';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { menuPath } from '../domain/rules';

/** What the server reads for a section's command: its domain, which must be live and without a special configuration. */
export interface SectionFacts {
  domain: Pick<DomainEntry, 'status' | 'special_config'> | null;
  /** The account's live domain names (the rewrites' target domains). */
  domainNames?: readonly string[];
}

/** The domain's own rules for any change of its configuration (spec §6: a work order's configuration is read-only). */
export function checkDomainOf(facts: SectionFacts | undefined): void {
  if (!facts) return;
  if (!facts.domain || !canApply('configure', facts.domain.status))
    throw new Refusal('domain.rule.notFound', 'id');
  if (facts.domain.special_config)
    throw new Refusal('domain.rule.specialConfig', 'id', Code.specialConfiguration);
}

const sectionLines = {
  set: /*i18n*/ { id: 'domainConfig.command.set', message: 'Change {section} of {name}' },
  revert: /*i18n*/ {
    id: 'domainConfig.command.revert',
    message: 'Revert {section} of {name} to version {version}',
  },
};

/**
 * The command that sets a section: the content as the user confirmed it, `normalize` applying the
 * switch semantics of spec §4 (a switch turned off clears its settings) and `check` the rules that
 * read more than the content. One module per section, made the same way.
 */
export function sectionCommand<const N extends string, K extends SectionKind>(
  name: N,
  kind: K,
  api: { path: string; summary: string },
  /** Its audit name, and the section's name inside a sentence ("the cache rules"). */
  texts: { label: MessageDescriptor; section: MessageDescriptor },
  options: {
    normalize?(content: SectionContent<K>, current: SectionState<K>): SectionContent<K>;
    check?(content: SectionContent<K>, facts: SectionFacts | undefined): void;
  } = {},
) {
  return defineCommand({
    name,
    schemaVersion: 1,
    payload: sectionPayload(kind),
    primary: kind,
    targets: (p) => ({ [kind]: p.id }) as { [k in K]: string },
    menuPath,
    api: { ...api, tag: 'domainConfig' },
    done: 'domainConfig.saved',
    label: texts.label,
    describe: (p) => ({
      message: p.reverted_from ? sectionLines.revert : sectionLines.set,
      values: { section: texts.section, name: p.shown_as || p.id, version: p.reverted_from ?? 0 },
    }),
    apply(current, p, ctx: ApplyContext<SectionFacts>) {
      checkDomainOf(ctx.facts);
      const base =
        (current as unknown as Record<K, SectionState<K> | undefined>)[kind] ?? defaultSection(kind, p.id);
      const content = (options.normalize?.(p.content as SectionContent<K>, base) ??
        p.content) as SectionContent<K>;
      options.check?.(content, ctx.facts);
      return {
        [kind]: { ...base, ...content, id: p.id, updated_by: ctx.actor, updated_at: ctx.now },
      } as never;
    },
  });
}

/** A section's defaults, for a switch turned off (spec §4: its settings are cleared). */
export const defaultsOf = <K extends SectionKind>(kind: K) =>
  structuredClone(configSections[kind].defaults) as unknown as SectionContent<K>;
