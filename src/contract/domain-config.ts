import { z } from 'zod';
import { entityId } from './domain';
import {
  cacheRuleTypes,
  checkCacheRules,
  checkCompression,
  checkConnectTimeout,
  checkErrorPages,
  checkHeaderRules,
  checkHttps,
  checkIpList,
  checkLifetime,
  checkPostLimit,
  checkRefererList,
  checkSpeedRules,
  checkUaList,
  checkUrlAuthKey,
  checkUrlRewrites,
  configLimits,
  defaultCompressionTypes,
  defaultTlsVersions,
  headerActions,
  listModes,
  queryModes,
  redirectCodes,
  refererMatches,
  speedRuleTypes,
  tlsVersions,
  urlAuthTypes,
  type ConfigIssue,
} from './rules/domain-config';
import type { CopiedSection } from './rules/domain';
import { text } from './text';

/**
 * A domain's configuration, in sections (spec §2 domain detail, §3 "Other per-domain configs"):
 * each section is an aggregate of its own (its id is the domain's), with its own version, so that
 * edits of unrelated settings never conflict. A section never written reads as its defaults, at
 * version 0.
 */

/** Adds the issues of a section's check at their paths (relative to the section). */
const checked = <T extends z.ZodType>(schema: T, check: (value: z.output<T>) => ConfigIssue[]) =>
  schema.superRefine((value, ctx) => {
    for (const issue of check(value))
      ctx.addIssue({
        code: 'custom',
        message: issue.message_id,
        path: issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      });
  });

const one = (problem: string | null, path: string): ConfigIssue[] =>
  problem ? [{ path, message_id: problem }] : [];

/** A whole number; what is not one (a field left half-typed) gets the same message. */
const int = () => z.number({ error: 'domainConfig.number' }).int('domainConfig.number');
const entries = () => z.array(text().max(configLimits.entryMax, 'domainConfig.entry.tooLong'));

// ---- the sections' contents -------------------------------------------------------------------

export const originSettings = checked(z.object({ connect_timeout: int() }), (v) =>
  one(checkConnectTimeout(v.connect_timeout), 'connect_timeout'),
);

export const cacheRule = z.object({
  type: z.enum(cacheRuleTypes),
  content: text().max(configLimits.contentMax, 'domainConfig.rule.contentTooLong'),
  ttl: int(),
  priority: int(),
  ignore_no_cache: z.boolean(),
  follow_origin: z.boolean(),
  ignore_case: z.boolean(),
  query: z.enum(queryModes),
});
export type CacheRule = z.output<typeof cacheRule>;
export const cacheConfig = checked(z.object({ rules: z.array(cacheRule) }), (v) => checkCacheRules(v.rules));

export const httpsConfig = checked(
  z.object({
    /** The certificate in service (the certificates' association sets it; read here). */
    certificate_id: entityId.nullable(),
    force_https: z.boolean(),
    redirect_code: z.union([z.literal(redirectCodes[0]), z.literal(redirectCodes[1])]).nullable(),
    hsts: z.boolean(),
    hsts_max_age: int(),
    hsts_subdomains: z.boolean(),
    http2: z.boolean(),
    tls_versions: z.array(z.enum(tlsVersions)),
  }),
  (v) => checkHttps(v),
);

const list = <T extends z.ZodRawShape>(extra: T) =>
  z.object({ enabled: z.boolean(), mode: z.enum(listModes), entries: entries(), ...extra });
/**
 * spec §3: IP, UA and referer lists, each with an allow-empty flag, UA and referer with a match
 * mode. "Empty" is a request without the value: no Referer, no User-Agent, and for the IP list
 * (IPv4 only, spec §5) a client without an IPv4 address. When on, such requests pass the list;
 * when off, it refuses them. An IP list matches addresses and CIDR ranges as written: it has no
 * fuzzy mode. The flags added after the lists default so that an edit queued before keeps its meaning.
 */
export const accessConfig = checked(
  z.object({
    ip: list({ allow_empty: z.boolean().default(false) }),
    ua: list({ allow_empty: z.boolean().default(false), match: z.enum(refererMatches).default('fuzzy') }),
    referer: list({ allow_empty: z.boolean(), match: z.enum(refererMatches) }),
  }),
  (v) => [
    ...checkIpList(v.ip.entries).map((i) => ({ ...i, path: `ip.${i.path}` })),
    ...checkUaList(v.ua.entries).map((i) => ({ ...i, path: `ua.${i.path}` })),
    ...checkRefererList(v.referer.entries).map((i) => ({ ...i, path: `referer.${i.path}` })),
  ],
);

const headerRule = z.object({
  action: z.enum(headerActions),
  name: text().max(100, 'domainConfig.header.name'),
  value: text(),
});
export const headersConfig = checked(
  z.object({ request: z.array(headerRule), response: z.array(headerRule) }),
  (v) => [...checkHeaderRules(v.request, 'request'), ...checkHeaderRules(v.response, 'response')],
);

const urlRewrite = z.object({
  source: text(),
  target: text(),
  /** An accelerated domain of the account, or '' for the same one. */
  target_domain: text().max(100),
});
const errorPage = z.object({ status: int(), target: text() });
export const rewritesConfig = checked(
  z.object({
    origin_url: z.array(urlRewrite),
    access_url: z.array(urlRewrite),
    error_pages: z.array(errorPage),
  }),
  (v) => [
    ...checkUrlRewrites(v.origin_url, 'origin_url'),
    ...checkUrlRewrites(v.access_url, 'access_url'),
    ...checkErrorPages(v.error_pages),
  ],
);

export const performanceConfig = checked(
  z.object({
    compression: z.object({ enabled: z.boolean(), min_size: int(), types: z.array(text().max(32)) }),
    post_limit_mb: int(),
  }),
  (v) => [...checkCompression(v.compression), ...one(checkPostLimit(v.post_limit_mb), 'post_limit_mb')],
);

export const urlAuthConfig = checked(
  z.object({
    enabled: z.boolean(),
    type: z.enum(urlAuthTypes),
    primary_key: text().max(64),
    backup_key: text().max(64),
    lifetime: int(),
  }),
  (v) =>
    v.enabled
      ? [
          ...one(checkUrlAuthKey(v.primary_key, true), 'primary_key'),
          ...one(checkUrlAuthKey(v.backup_key, false), 'backup_key'),
          ...one(checkLifetime(v.lifetime), 'lifetime'),
        ]
      : [],
);

const speedRule = z.object({
  type: z.enum(speedRuleTypes),
  content: text().max(configLimits.contentMax, 'domainConfig.rule.contentTooLong'),
  rate_kbps: int(),
});
export const speedLimitConfig = checked(z.object({ rules: z.array(speedRule) }), (v) =>
  checkSpeedRules(v.rules),
);

// ---- the sections -------------------------------------------------------------------------------

/** The sections, by the kind of their aggregate, with their contents and defaults. */
export const configSections = {
  domainOrigin: {
    content: originSettings,
    defaults: { connect_timeout: configLimits.connectTimeoutDefault },
  },
  domainCache: { content: cacheConfig, defaults: { rules: [] as CacheRule[] } },
  domainHttps: {
    content: httpsConfig,
    defaults: {
      certificate_id: null,
      force_https: false,
      redirect_code: null,
      hsts: false,
      hsts_max_age: configLimits.hstsMaxAgeDefault,
      hsts_subdomains: false,
      http2: false,
      tls_versions: [...defaultTlsVersions],
    },
  },
  domainAccess: {
    content: accessConfig,
    defaults: {
      ip: { enabled: false, mode: 'black', entries: [] as string[], allow_empty: false },
      ua: { enabled: false, mode: 'black', entries: [] as string[], allow_empty: false, match: 'fuzzy' },
      referer: { enabled: false, mode: 'black', entries: [] as string[], allow_empty: false, match: 'fuzzy' },
    },
  },
  domainHeaders: { content: headersConfig, defaults: { request: [], response: [] } },
  domainRewrites: { content: rewritesConfig, defaults: { origin_url: [], access_url: [], error_pages: [] } },
  domainPerformance: {
    content: performanceConfig,
    defaults: {
      compression: { enabled: false, min_size: 1024, types: [...defaultCompressionTypes] },
      post_limit_mb: configLimits.postLimitDefault,
    },
  },
  domainUrlAuth: {
    content: urlAuthConfig,
    defaults: {
      enabled: false,
      type: 'A',
      primary_key: '',
      backup_key: '',
      lifetime: configLimits.urlAuthLifetimeDefault,
    },
  },
  domainSpeedLimit: { content: speedLimitConfig, defaults: { rules: [] } },
} as const;
export type SectionKind = keyof typeof configSections;
export const sectionKinds = Object.keys(configSections) as SectionKind[];
export type SectionContent<K extends SectionKind> = z.output<(typeof configSections)[K]['content']>;

/** A section as the server holds it: its content, the domain's id, its version and last change. */
export const sectionState = <K extends SectionKind>(kind: K) =>
  (configSections[kind].content as unknown as z.ZodObject).extend({
    id: z.string(),
    version: z.number().int().min(0),
    updated_by: z.string(),
    updated_at: z.string(),
  }) as unknown as z.ZodType<SectionState<K>>;
export type SectionState<K extends SectionKind> = SectionContent<K> & {
  id: string;
  version: number;
  updated_by: string;
  updated_at: string;
};

/** The fields of a section's state besides its content. */
export const sectionMeta: ReadonlySet<string> = new Set(['id', 'version', 'updated_by', 'updated_at']);

/** A section's content: its state (or a stored version) without its id, version and last change. */
export const contentOf = (state: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(state).filter(([key]) => !sectionMeta.has(key)));

/** A section never written: its defaults, at version 0. */
export const defaultSection = <K extends SectionKind>(kind: K, id: string): SectionState<K> =>
  ({
    ...structuredClone(configSections[kind].defaults),
    id,
    version: 0,
    updated_by: '',
    updated_at: '',
  }) as unknown as SectionState<K>;

// ---- reads --------------------------------------------------------------------------------------

export const domainConfigQuery = z.object({ id: entityId });
/** Every section of a domain (those never written as their defaults, at version 0). */
export const domainConfigResult = z.object(
  Object.fromEntries(sectionKinds.map((kind) => [kind, sectionState(kind)])) as {
    [K in SectionKind]: z.ZodType<SectionState<K>>;
  },
);

export const sectionHistoryQuery = z.object({
  id: entityId,
  kind: z.enum(sectionKinds as [SectionKind, ...SectionKind[]]),
});
/** The versions of a section, newest first (the newest 200): its content, who made it, when, with which command. */
export const sectionHistoryResult = z.object({
  versions: z.array(
    z.object({
      version: z.number().int().min(1),
      command: z.string(),
      actor: z.string(),
      at: z.string(),
      content: z.record(z.string(), z.unknown()),
    }),
  ),
});

// ---- commands (src/commands/domain-config) ------------------------------------------------------

/** A section's new content; `reverted_from` names the version it goes back to (the history's revert). */
export const sectionPayload = <K extends SectionKind>(kind: K) =>
  z.object({
    id: entityId,
    content: configSections[kind].content,
    reverted_from: z.number().int().min(1).optional(),
    /** The domain's name as the user saw it: the pending-changes list shows it. */
    shown_as: text().max(100).optional(),
  });

// Every section a copy carries is a section: checked here, where both lists are known.
const copiedAreSections: readonly SectionKind[] = [] as CopiedSection[];
void copiedAreSections;
