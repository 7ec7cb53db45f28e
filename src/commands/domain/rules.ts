import { Code } from '../../contract/codes';
import type { DomainEntry } from '../../contract/domain';
import { limits } from '../../contract/limits';
import {
  blockedBySpecialConfig,
  canApply,
  cnameFor,
  type DomainAction,
  type DomainStatus,
} from '../../contract/rules/domain';
import { Refusal, type ApplyContext, type CommandSettings } from '../command';

/** Every domain and group command is a function of the domain list (spec §6 menu path). */
export const menuPath = '/cdn/domain/list';
export const tag = 'domain';

/** What the server reads for a domain's name and group: across accounts, and the account's groups. */
export interface NameFacts {
  /** Another domain, not deleted, of any account holds the name. */
  nameTaken: boolean;
  /** The payload's group exists (and is not deleted); true without a group. */
  groupExists: boolean;
  /** Domains, not deleted, the account holds (creations only: a rename leaves it out). */
  held?: number;
}

/**
 * The domain an action applies to: it must exist, its status must allow the action (spec §4,
 * 40906 with the status and the action), and a special configuration must not forbid it (spec §6,
 * 40305).
 */
export function domainFor(action: DomainAction, domain: DomainEntry | undefined): DomainEntry {
  if (!domain) throw new Refusal('domain.rule.notFound', 'id');
  if (!canApply(action, domain.status))
    throw new Refusal('domain.rule.invalidTransition', 'id', Code.invalidTransition, {
      status: domain.status,
      action,
    });
  if (domain.special_config && blockedBySpecialConfig.has(action))
    throw new Refusal('domain.rule.specialConfig', 'id', Code.specialConfiguration);
  return domain;
}

export function checkName(facts: NameFacts | undefined): void {
  if (facts?.nameTaken) throw new Refusal('domain.name.exists', 'domain');
}

/** A new domain fits in the account's quota (`limits.domain.perAccount`, 40010 when it is full). */
export function checkQuota(facts: NameFacts | undefined): void {
  if (facts?.held !== undefined && facts.held >= limits.domain.perAccount)
    throw new Refusal('domain.limit', 'domain', Code.limitReached, { max: limits.domain.perAccount });
}

export function checkGroup(groupId: string | null, facts: NameFacts | undefined): void {
  if (groupId !== null && facts && !facts.groupExists) throw new Refusal('domain.group.notFound', 'group_id');
}

/** What the server reads of a payload's origins: the addresses an edge would connect to. */
export interface OriginFacts {
  /**
   * The IP origins that are not public addresses (the server's outbound policy), by their index in
   * the payload; `local` ones (loopback, private, link-local) are allowed when the operator sets
   * `ORIGIN_PRIVATE`.
   */
  originsNotPublic: { index: number; local: boolean }[];
}

/**
 * An edge connects to its origins from the provider's network: an origin there must not be one of
 * the provider's own or reserved addresses (40905). The browser, without facts, leaves it to the
 * server.
 */
export function checkOriginsPublic(
  facts: OriginFacts | undefined,
  settings: CommandSettings | undefined,
): void {
  const refused = facts?.originsNotPublic.find((origin) => !(origin.local && settings?.originPrivate));
  if (refused) throw new Refusal('domain.origin.notPublic', `origins.${refused.index}.address`);
}

/** The rules of a new domain, created or copied: a name no other holds, the quota, its group, public origins. */
export function checkNewDomain(groupId: string | null, ctx: ApplyContext<NameFacts & OriginFacts>): void {
  checkName(ctx.facts);
  checkQuota(ctx.facts);
  checkGroup(groupId, ctx.facts);
  checkOriginsPublic(ctx.facts, ctx.settings);
}

/** The CNAME of a name; the browser, which does not know the suffix, leaves it for the server. */
export const cnameOf = (name: string, ctx: ApplyContext<unknown>) =>
  ctx.settings ? cnameFor(name, ctx.settings.cnameSuffix) : '';

/** A new domain's fields (created or copied), as the create and copy payloads name them. */
export interface NewDomainFields {
  id: string;
  domain: string;
  service_type: string;
  area: string;
  business_type: string;
  origins: DomainEntry['origins'];
  group_id: string | null;
}

export function newDomain(
  p: NewDomainFields,
  copiedFrom: string | null,
  ctx: ApplyContext<unknown>,
): DomainEntry {
  return {
    id: p.id,
    domain: p.domain,
    service_type: p.service_type,
    area: p.area,
    business_type: p.business_type,
    cname: cnameOf(p.domain, ctx),
    group_id: p.group_id,
    status: 'active',
    special_config: false,
    origins: p.origins,
    copied_from: copiedFrom,
    created_by: ctx.actor,
    created_at: ctx.now,
    updated_by: ctx.actor,
    updated_at: ctx.now,
    version: 0,
  };
}

export const withStatus = (domain: DomainEntry, status: DomainStatus): DomainEntry => ({ ...domain, status });
