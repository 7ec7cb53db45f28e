import { parseRange, rangesOverlap, type IpRange } from './ip';

/**
 * The rules of a domain's configuration sections (spec §3 "Other per-domain configs", §4 switch
 * semantics, §5 "Cache" and "Other per-domain settings", §9 limits). Each check answers the issues
 * of a section as `{path, message_id}`, the path relative to the section; the forms show them at
 * their fields and the server answers the same ids.
 */
export interface ConfigIssue {
  path: string;
  message_id: string;
}

export const configLimits = {
  /** spec §5: cache time at most 2 years. */
  cacheTtlMax: 2 * 365 * 86_400,
  /** spec §5: priority 0–65535, smaller first. */
  priorityMax: 65_535,
  /** Cache rules of one domain (not in the spec; as its other rule lists). */
  cacheRulesMax: 100,
  /** spec §5: TCP origin-connect timeout 3–60 s. */
  connectTimeoutMin: 3,
  connectTimeoutMax: 60,
  connectTimeoutDefault: 30,
  /** spec §9: IP list 500, UA list 100, referer list 100. */
  ipListMax: 500,
  uaListMax: 100,
  refererListMax: 100,
  /** Length of one UA or referer entry (not in the spec). */
  entryMax: 256,
  /** spec §9: 100 speed-limit, source-URL-rewrite and access-URL-rewrite rules per domain. */
  rewriteRulesMax: 100,
  speedLimitRulesMax: 100,
  /** Header rules per direction, error pages (not in the spec). */
  headerRulesMax: 50,
  errorPagesMax: 50,
  /** spec §5: smart compression threshold 1–65535 (bytes). */
  compressionMinSizeMax: 65_535,
  compressionTypesMax: 30,
  /** spec §5, §9: POST size 1–1024 MB, default 30. */
  postLimitMin: 1,
  postLimitMax: 1024,
  postLimitDefault: 30,
  /** spec §5: URL auth key 6–40 letters and digits; lifetime ≥ 0, default 3600 s. */
  urlAuthKeyMin: 6,
  urlAuthKeyMax: 40,
  urlAuthLifetimeDefault: 3600,
  /** One year: the longest signed URL lifetime and HSTS max-age offered (not in the spec). */
  lifetimeMax: 31_536_000,
  hstsMaxAgeDefault: 31_536_000,
  /** Speed limit per connection, KB/s (not in the spec). */
  speedMin: 1,
  speedMax: 1_048_576,
  /** Paths, regexes, contents and targets (not in the spec). */
  contentMax: 512,
  headerValueMax: 1024,
} as const;

const isInt = (value: number) => Number.isInteger(value);

// ---- cache (spec §3 Cache rule, §5 Cache) --------------------------------------------------------

export const cacheRuleTypes = ['all', 'suffix', 'directory', 'path', 'regex'] as const;
export type CacheRuleType = (typeof cacheRuleTypes)[number];
export const queryModes = ['keep', 'ignore'] as const;

export interface CacheRuleFields {
  type: CacheRuleType;
  content: string;
  ttl: number;
  priority: number;
  ignore_no_cache: boolean;
  follow_origin: boolean;
  ignore_case: boolean;
  query: (typeof queryModes)[number];
}

const suffixPattern = /^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/;

/** The content a rule's type asks for: nothing for all, suffixes, a directory, a path, a regex. */
export function checkRuleContent(type: CacheRuleType | 'all', content: string): string | null {
  if (type === 'all') return content === '' ? null : 'domainConfig.rule.contentAll';
  if (content === '') return 'domainConfig.rule.contentRequired';
  if (content.length > configLimits.contentMax) return 'domainConfig.rule.contentTooLong';
  switch (type) {
    case 'suffix':
      return suffixPattern.test(content) ? null : 'domainConfig.rule.suffix';
    case 'directory':
    case 'path':
      return content.startsWith('/') && !/\s/.test(content) ? null : 'domainConfig.rule.path';
    case 'regex':
      try {
        new RegExp(content);
        return null;
      } catch {
        return 'domainConfig.rule.regex';
      }
  }
}

/**
 * The issues of a list of rules at `path`: `tooMany` beyond `max` rules, then what `check` reports
 * of each rule (one of its fields and a message id).
 */
function checkRuleList<R>(
  rules: readonly R[],
  path: string,
  [max, tooMany]: [number, string],
  check: (rule: R, report: (field: string, messageId: string) => void) => void,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (rules.length > max) issues.push({ path, message_id: tooMany });
  rules.forEach((rule, i) =>
    check(rule, (field, message_id) => issues.push({ path: `${path}.${i}.${field}`, message_id })),
  );
  return issues;
}

export const checkCacheRules = (rules: readonly CacheRuleFields[]): ConfigIssue[] =>
  checkRuleList(
    rules,
    'rules',
    [configLimits.cacheRulesMax, 'domainConfig.cache.tooMany'],
    (rule, report) => {
      const content = checkRuleContent(rule.type, rule.content);
      if (content) report('content', content);
      if (!isInt(rule.ttl) || rule.ttl < 0) report('ttl', 'domainConfig.cache.ttl');
      else if (rule.ttl > configLimits.cacheTtlMax) report('ttl', 'domainConfig.cache.ttlMax');
      if (!isInt(rule.priority) || rule.priority < 0 || rule.priority > configLimits.priorityMax)
        report('priority', 'domainConfig.cache.priority');
    },
  );

// ---- back to origin -------------------------------------------------------------------------

export function checkConnectTimeout(seconds: number): string | null {
  return isInt(seconds) &&
    seconds >= configLimits.connectTimeoutMin &&
    seconds <= configLimits.connectTimeoutMax
    ? null
    : 'domainConfig.origin.timeout';
}

// ---- HTTPS (spec §4 switches, §9 TLS) ----------------------------------------------------------

export const tlsVersions = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof tlsVersions)[number];
/** spec §9: TLSv1, 1.1 and 1.2 on by default. */
export const defaultTlsVersions: TlsVersion[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2'];
export const redirectCodes = [301, 302] as const;

export function checkHttps(https: {
  force_https: boolean;
  redirect_code: number | null;
  hsts: boolean;
  hsts_max_age: number;
  tls_versions: readonly string[];
}): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (https.tls_versions.length === 0)
    issues.push({ path: 'tls_versions', message_id: 'domainConfig.https.tlsRequired' });
  if (https.force_https && https.redirect_code === null)
    issues.push({ path: 'redirect_code', message_id: 'domainConfig.https.redirectRequired' });
  if (
    https.hsts &&
    (!isInt(https.hsts_max_age) || https.hsts_max_age < 1 || https.hsts_max_age > configLimits.lifetimeMax)
  )
    issues.push({ path: 'hsts_max_age', message_id: 'domainConfig.https.hstsMaxAge' });
  return issues;
}

// ---- access control (spec §3, §5 lists) --------------------------------------------------------

export const listModes = ['black', 'white'] as const;
/** How a referer or User-Agent entry matches: the value contains it (fuzzy) or is it (exact). */
export const refererMatches = ['fuzzy', 'exact'] as const;

/** The IP list: at most 500, IPv4 or IPv4 CIDR, no duplicates, no overlapping ranges. */
export function checkIpList(entries: readonly string[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (entries.length > configLimits.ipListMax)
    issues.push({ path: 'entries', message_id: 'domainConfig.ip.tooMany' });
  const seen: { range: IpRange; index: number }[] = [];
  entries.forEach((entry, i) => {
    const path = `entries.${i}`;
    const parsed = parseRange(entry);
    if (!parsed.ok || parsed.range.family !== 4) {
      issues.push({ path, message_id: 'domainConfig.ip.format' });
      return;
    }
    const duplicate = seen.find(
      (s) => s.range.start === parsed.range.start && s.range.prefix === parsed.range.prefix,
    );
    if (duplicate) issues.push({ path, message_id: 'domainConfig.ip.duplicate' });
    else if (seen.some((s) => rangesOverlap(s.range, parsed.range)))
      issues.push({ path, message_id: 'domainConfig.ip.overlap' });
    seen.push({ range: parsed.range, index: i });
  });
  return issues;
}

/**
 * A list of text entries: `tooMany` beyond `max` entries; each refused by `problem` (a message id)
 * or, when it is the same as an earlier one ignoring case, as a `duplicate`.
 */
function checkEntryList(
  entries: readonly string[],
  [max, tooMany, duplicate]: [number, string, string],
  problem: (entry: string) => string | null,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (entries.length > max) issues.push({ path: 'entries', message_id: tooMany });
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const key = entry.toLowerCase();
    const message_id = problem(entry) ?? (seen.has(key) ? duplicate : null);
    if (message_id) issues.push({ path: `entries.${i}`, message_id });
    seen.add(key);
  });
  return issues;
}

/** The UA list: at most 100, no duplicates ignoring case. */
export const checkUaList = (entries: readonly string[]): ConfigIssue[] =>
  checkEntryList(
    entries,
    [configLimits.uaListMax, 'domainConfig.ua.tooMany', 'domainConfig.ua.duplicate'],
    (entry) => {
      if (entry.trim() === '' || entry !== entry.trim()) return 'domainConfig.ua.format';
      return entry.length > configLimits.entryMax ? 'domainConfig.entry.tooLong' : null;
    },
  );

const refererPattern =
  /^(\*\.)?([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(:\d{1,5})?$/;

/** The referer list: at most 100, no `http://` prefix, `*.` wildcard allowed, no duplicates. */
export function checkRefererList(entries: readonly string[]): ConfigIssue[] {
  const limit: [number, string, string] = [
    configLimits.refererListMax,
    'domainConfig.referer.tooMany',
    'domainConfig.referer.duplicate',
  ];
  return checkEntryList(entries, limit, (entry) => {
    const lower = entry.toLowerCase();
    if (/^https?:\/\//.test(lower)) return 'domainConfig.referer.protocol';
    if (entry.length > configLimits.entryMax) return 'domainConfig.entry.tooLong';
    return refererPattern.test(lower) ? null : 'domainConfig.referer.format';
  });
}

// ---- headers --------------------------------------------------------------------------------

export const headerActions = ['set', 'delete'] as const;
/** A header name: an RFC 9110 token. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function checkHeaderRules(
  rules: readonly { action: (typeof headerActions)[number]; name: string; value: string }[],
  path: string,
): ConfigIssue[] {
  const limit: [number, string] = [configLimits.headerRulesMax, 'domainConfig.header.tooMany'];
  return checkRuleList(rules, path, limit, (rule, report) => {
    if (!headerName.test(rule.name)) report('name', 'domainConfig.header.name');
    if (rule.action === 'set') {
      if (rule.value === '') report('value', 'domainConfig.header.valueRequired');
      // spec §5: no leading or trailing space.
      else if (rule.value !== rule.value.trim()) report('value', 'domainConfig.header.valueSpace');
      else if (rule.value.length > configLimits.headerValueMax)
        report('value', 'domainConfig.header.valueTooLong');
    } else if (rule.value !== '') report('value', 'domainConfig.header.valueOnDelete');
  });
}

// ---- rewrites (spec §5) ---------------------------------------------------------------------

export function checkUrlRewrites(
  rules: readonly { source: string; target: string; target_domain: string }[],
  path: string,
): ConfigIssue[] {
  const limit: [number, string] = [configLimits.rewriteRulesMax, 'domainConfig.rewrite.tooMany'];
  return checkRuleList(rules, path, limit, (rule, report) => {
    for (const field of ['source', 'target'] as const) {
      const value = rule[field];
      if (!value.startsWith('/') || /\s/.test(value)) report(field, 'domainConfig.rewrite.path');
      else if (value.length > configLimits.contentMax) report(field, 'domainConfig.rule.contentTooLong');
    }
    if (rule.target_domain.startsWith('*')) report('target_domain', 'domainConfig.rewrite.wildcard');
  });
}

/** Error pages: status 400–599, the target containing `http://` or `{host}`. */
export function checkErrorPages(pages: readonly { status: number; target: string }[]): ConfigIssue[] {
  const statuses = new Set<number>();
  const limit: [number, string] = [configLimits.errorPagesMax, 'domainConfig.errorPage.tooMany'];
  return checkRuleList(pages, 'error_pages', limit, (page, report) => {
    if (!isInt(page.status) || page.status < 400 || page.status > 599)
      report('status', 'domainConfig.errorPage.status');
    else if (statuses.has(page.status)) report('status', 'domainConfig.errorPage.duplicate');
    statuses.add(page.status);
    if (!page.target.includes('http://') && !page.target.includes('{host}'))
      report('target', 'domainConfig.errorPage.target');
    else if (page.target.length > configLimits.contentMax || /\s/.test(page.target))
      report('target', 'domainConfig.errorPage.target');
  });
}

// ---- performance (spec §5, §9) ----------------------------------------------------------------

/** spec §9: default compression types, text and script types. */
export const defaultCompressionTypes = ['html', 'htm', 'css', 'js', 'json', 'xml', 'txt', 'svg'];
const fileTypePattern = /^[A-Za-z0-9_-]+$/;

export function checkCompression(compression: {
  enabled: boolean;
  min_size: number;
  types: readonly string[];
}): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (!compression.enabled) return issues;
  if (
    !isInt(compression.min_size) ||
    compression.min_size < 1 ||
    compression.min_size > configLimits.compressionMinSizeMax
  )
    issues.push({ path: 'compression.min_size', message_id: 'domainConfig.compression.minSize' });
  if (compression.types.length === 0)
    issues.push({ path: 'compression.types', message_id: 'domainConfig.compression.typesRequired' });
  else if (compression.types.length > configLimits.compressionTypesMax)
    issues.push({ path: 'compression.types', message_id: 'domainConfig.compression.typesTooMany' });
  compression.types.forEach((type, i) => {
    if (!fileTypePattern.test(type))
      issues.push({ path: `compression.types.${i}`, message_id: 'domainConfig.compression.type' });
  });
  return issues;
}

export function checkPostLimit(megabytes: number): string | null {
  return isInt(megabytes) && megabytes >= configLimits.postLimitMin && megabytes <= configLimits.postLimitMax
    ? null
    : 'domainConfig.post.limit';
}

// ---- URL authentication (spec §5) -------------------------------------------------------------

export const urlAuthTypes = ['A', 'B', 'C'] as const;
const keyPattern = /^[A-Za-z0-9]+$/;

export function checkUrlAuthKey(key: string, required: boolean): string | null {
  if (key === '') return required ? 'domainConfig.urlAuth.keyRequired' : null;
  return key.length >= configLimits.urlAuthKeyMin &&
    key.length <= configLimits.urlAuthKeyMax &&
    keyPattern.test(key)
    ? null
    : 'domainConfig.urlAuth.key';
}

export function checkLifetime(seconds: number): string | null {
  return isInt(seconds) && seconds >= 0 && seconds <= configLimits.lifetimeMax
    ? null
    : 'domainConfig.urlAuth.lifetime';
}

// ---- speed limit ------------------------------------------------------------------------------

export const speedRuleTypes = ['all', 'suffix', 'directory', 'path'] as const;

export function checkSpeedRules(
  rules: readonly { type: (typeof speedRuleTypes)[number]; content: string; rate_kbps: number }[],
): ConfigIssue[] {
  const limit: [number, string] = [configLimits.speedLimitRulesMax, 'domainConfig.speed.tooMany'];
  return checkRuleList(rules, 'rules', limit, (rule, report) => {
    const content = checkRuleContent(rule.type, rule.content);
    if (content) report('content', content);
    if (
      !isInt(rule.rate_kbps) ||
      rule.rate_kbps < configLimits.speedMin ||
      rule.rate_kbps > configLimits.speedMax
    )
      report('rate_kbps', 'domainConfig.speed.rate');
  });
}
