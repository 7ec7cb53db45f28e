import { z } from 'zod';
import { authorship, keptListPage, paging, updatedSince } from './fields';
import { dictionary } from './dictionary';
import { limits } from './limits';
import { text } from './text';
import {
  checkCopyTargets,
  checkDomainName,
  checkDomainNames,
  checkGroupName,
  checkOrigins,
  copyContents,
  domainStatuses,
  originCarriers,
  originIpTypes,
  originProtocols,
  originRegions,
  originTypes,
} from './rules/domain';

/** A key of a dictionary group (spec §3 "dict"), so the server and the forms share one list. */
const dictionaryKey = (group: string) => {
  const keys = Object.keys(dictionary[group] ?? {});
  return z.string().refine((value) => keys.includes(value), 'common.invalid');
};

/**
 * Domains and groups are named by ids the browser chooses (UUIDs): a domain created offline has
 * its id before the server sees it, and a rename keeps it.
 */
export const entityId = z.uuid('common.invalid');

/** A service domain, checked by the rules of spec §5 (message ids as the forms show them). */
export const domainName = z.string().superRefine((name, ctx) => {
  const problem = checkDomainName(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const match = text().max(limits.domain.matchMax, 'domain.origin.matchTooLong');

/** One origin as stored: the rules across origins are checked on the list (`originList`). */
export const origin = z.object({
  type: z.enum(originTypes),
  address: text().trim(),
  // A fraction breaks the same rule as a number out of range: the rule's message, not a generic one.
  port: z.number().int('domain.origin.port'),
  host: text().trim().default(''),
  protocol: z.enum(originProtocols).default('http'),
  level: z.number().int('domain.origin.level'),
  weight: z.number().int('domain.origin.weight'),
  carrier: z.enum(originCarriers).default('default'),
  ip_type: z.enum(originIpTypes).default('all'),
  region: z.enum(originRegions).default('all'),
  sm_crypto: z.boolean().default(false),
  header_match: match.default(''),
  url_match: match.default(''),
});
export type Origin = z.output<typeof origin>;

export const originList = z.array(origin).superRefine((origins, ctx) => {
  for (const issue of checkOrigins(origins))
    ctx.addIssue({
      code: 'custom',
      message: issue.message_id,
      path: issue.path
        .split('.')
        .slice(1)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    });
});

/** A domain as the server holds it: the snapshot of the `domain` aggregate. */
export const domainEntry = z.object({
  id: z.string(),
  domain: z.string(),
  service_type: z.string(),
  area: z.string(),
  business_type: z.string(),
  cname: z.string(),
  group_id: z.string().nullable(),
  status: z.enum(domainStatuses),
  /** Set by the operator (spec §6 work order): the domain cannot be edited or copied. */
  special_config: z.boolean(),
  origins: z.array(origin),
  /** The domain whose configuration it was copied from, if any. */
  copied_from: z.string().nullable(),
  ...authorship,
});
export type DomainEntry = z.infer<typeof domainEntry>;

/** A group of domains: the snapshot of the `domainGroup` aggregate. */
export const domainGroup = z.object({
  id: z.string(),
  name: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().min(1),
});
export type DomainGroup = z.infer<typeof domainGroup>;

export const domainSorts = ['-created_at', 'created_at', 'domain', '-domain', '-updated_at'] as const;
export type DomainSort = (typeof domainSorts)[number];

export const domainListQuery = z.object({
  /** Part of the service domain. */
  keyword: text().trim().max(limits.domain.nameMax).optional(),
  status: z.enum(['active', 'hung_up']).optional(),
  /** A group id, or `none` for the domains in no group. */
  group_id: z.union([entityId, z.literal('none')]).optional(),
  service_type: text().max(32).optional(),
  area: text().max(32).optional(),
  sort: z.enum(domainSorts).default('-created_at'),
  ...paging(limits.domain.pageSizeMax),
  /** Deleted domains come with status `deleted`, so that a browser holding the list learns of deletions. */
  updated_since: updatedSince,
});
export const domainListResult = keptListPage(domainEntry);

/** The lean list for selectors: every domain not deleted, by name. */
export const domainNamesResult = z.object({
  lists: z.array(z.object({ id: z.string(), domain: z.string(), status: z.enum(domainStatuses) })),
});

export const domainDetailQuery = z.object({ id: entityId });

export const domainGroupListQuery = z.object({
  updated_since: updatedSince,
});
export const domainGroupListResult = z.object({
  lists: z.array(domainGroup),
  server_time: z.string(),
});

// ---- commands (see ./commands) ----------------------------------------------------------

const groupRef = entityId.nullable();

/** The fields of a new domain (spec §2 create, §3 Domain). */
const newDomain = {
  id: entityId,
  domain: domainName,
  service_type: dictionaryKey('service_type'),
  area: dictionaryKey('area'),
  business_type: dictionaryKey('business_type'),
  origins: originList,
  group_id: groupRef.default(null),
};

export const domainCreatePayload = z.object(newDomain);

/**
 * One target of a copy: a new domain with the source's configuration as the user confirmed it.
 * `contents` records what was taken from the source (HTTPS never is: spec §5).
 */
export const domainCopyPayload = z.object({
  ...newDomain,
  source_id: entityId,
  /** The copy this target belongs to: the server allows at most 10 targets per copy. */
  copy_id: entityId,
  contents: z.array(z.enum(copyContents)).min(1),
  /**
   * The version of each copied section the user confirmed (0: its defaults): the server copies
   * that version of the source's section. A section not named here is copied as it is now.
   */
  section_versions: z.record(z.string().max(32), z.number().int().min(0)).default({}),
});

/**
 * The service domain as the user saw it when making the edit: shown in the pending-changes list
 * while the edit waits, never checked against the domain's current name.
 */
const shownAs = text().max(limits.domain.nameMax).optional();

export const domainIdPayload = z.object({ id: entityId, shown_as: shownAs });
export const domainRenamePayload = z.object({ id: entityId, domain: domainName, shown_as: shownAs });
export const domainMovePayload = z.object({ id: entityId, group_id: groupRef, shown_as: shownAs });
/** The origins of a domain after its creation (the back-to-origin section edits them). */
export const domainOriginsPayload = z.object({ id: entityId, origins: originList, shown_as: shownAs });

const groupName = text()
  .trim()
  .superRefine((name, ctx) => {
    const problem = checkGroupName(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const groupCreatePayload = z.object({ id: entityId, name: groupName });
export const groupRenamePayload = z.object({ id: entityId, name: groupName, shown_as: shownAs });
export const groupDeletePayload = z.object({ id: entityId, shown_as: shownAs });

/** The target names of one copy, as a list (the wizard's first step and the server agree). */
export const copyTargetNames = z.array(z.string()).superRefine((names, ctx) => {
  const problem = checkCopyTargets(names);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  for (const issue of checkDomainNames(names))
    ctx.addIssue({ code: 'custom', message: issue.message_id, path: [issue.index] });
});
