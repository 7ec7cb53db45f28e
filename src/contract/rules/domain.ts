import { limits } from '../limits';
import { parseAddress } from './ip';
import { checkText, type TextProblem } from './text';

/**
 * spec §4, domain states: active, hung up (suspended), deleted. "Recovered" and "renamed" are
 * actions, not states: a recovered domain is active again, a renamed one keeps its state.
 */
export const domainStatuses = ['active', 'hung_up', 'deleted'] as const;
export type DomainStatus = (typeof domainStatuses)[number];

/** The lifecycle actions of spec §2's operations column; each asks for confirmation. */
export const domainActions = ['hangUp', 'recover', 'delete', 'rename', 'move', 'copy', 'configure'] as const;
export type DomainAction = (typeof domainActions)[number];

/**
 * The states an action may start from (spec §4). A deleted domain takes no action. Deletion is
 * allowed from both live states; the confirmation says that the domain stops serving at once.
 */
export const actionAllowedFrom: Record<DomainAction, readonly DomainStatus[]> = {
  hangUp: ['active'],
  recover: ['hung_up'],
  delete: ['active', 'hung_up'],
  rename: ['active', 'hung_up'],
  move: ['active', 'hung_up'],
  copy: ['active', 'hung_up'],
  /** Changing the origins or a section of the configuration. */
  configure: ['active', 'hung_up'],
};

/**
 * spec §6: a domain with a back-end special configuration (a work order) cannot be edited or
 * copied by the user. Hanging up, recovering and moving between groups stay open: they change
 * whether and where the domain is listed, not how it is configured.
 */
export const blockedBySpecialConfig: ReadonlySet<DomainAction> = new Set([
  'rename',
  'delete',
  'copy',
  'configure',
]);

export const canApply = (action: DomainAction, status: DomainStatus) =>
  actionAllowedFrom[action].includes(status);

/** The state after an action (for the ones that change it). */
export const statusAfter: Partial<Record<DomainAction, DomainStatus>> = {
  hangUp: 'hung_up',
  recover: 'active',
  delete: 'deleted',
};

/** `www.example.com` → `www-example-com.<suffix>`; a wildcard label becomes `wildcard`. */
export function cnameFor(name: string, suffix: string): string {
  return `${name.toLowerCase().replace(/^\*\./, 'wildcard.').replace(/\./g, '-')}.${suffix}`;
}

// ---- service domain (spec §5 "Domain") ---------------------------------------------------

export type DomainNameProblem =
  | 'domain.name.required'
  | 'domain.name.chars'
  | 'domain.name.hyphen'
  | 'domain.name.tooLong'
  | 'domain.name.format';

/**
 * The rules of spec §5 for a service domain, in the order a user fixes them: required; only
 * lowercase letters, digits, dot, underscore and hyphen (a leading `*.` makes it a wildcard);
 * no hyphen at the start or end of a label; at most 100 characters. Beyond the spec's list,
 * a name needs two labels and no empty label (`domain.name.format`).
 */
export function checkDomainName(name: string): DomainNameProblem | null {
  if (name.trim() === '') return 'domain.name.required';
  const body = name.startsWith('*.') ? name.slice(2) : name;
  if (!/^[a-z0-9._-]+$/.test(body)) return 'domain.name.chars';
  const labels = body.split('.');
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-'))) return 'domain.name.hyphen';
  if (name.length > limits.domain.nameMax) return 'domain.name.tooLong';
  if (labels.length < 2 || labels.some((label) => label === '' || label.length > 63))
    return 'domain.name.format';
  return null;
}

/** One problem of a list of names (copy targets, bulk input), by its position. */
export interface NameIssue {
  index: number;
  message_id: DomainNameProblem | 'domain.name.duplicate';
}

/** Each name's own rule, then duplicates within the list (the later one is marked). */
export function checkDomainNames(names: readonly string[]): NameIssue[] {
  const issues: NameIssue[] = [];
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    const problem = checkDomainName(name);
    if (problem) issues.push({ index, message_id: problem });
    else if (seen.has(name)) issues.push({ index, message_id: 'domain.name.duplicate' });
    seen.add(name);
  }
  return issues;
}

// ---- origins (spec §3 "Origin (new style)", §5 "Origins") -------------------------------

export const originTypes = ['ip', 'domain'] as const;
export const originProtocols = ['http', 'https', 'follow'] as const;
export const originCarriers = ['default', 'telecom', 'unicom', 'mobile'] as const;
export const originIpTypes = ['all', 'ipv4', 'ipv6'] as const;
export const originRegions = ['all', 'inside', 'outside'] as const;

/** An origin as the forms hold it; numbers may still be text the user typed. */
export interface OriginInput {
  type: (typeof originTypes)[number];
  address: string;
  port: number | string;
  host: string;
  protocol: (typeof originProtocols)[number];
  level: number | string;
  weight: number | string;
  carrier: (typeof originCarriers)[number];
  ip_type: (typeof originIpTypes)[number];
  region: (typeof originRegions)[number];
  /** National-crypto (SM) origin. */
  sm_crypto: boolean;
  header_match: string;
  url_match: string;
}

export type OriginProblem =
  | 'domain.origin.none'
  | 'domain.origin.tooMany'
  | 'domain.origin.required'
  | 'domain.origin.ipFormat'
  | 'domain.origin.domainFormat'
  | 'domain.origin.duplicate'
  | 'domain.origin.backupSameAsPrimary'
  | 'domain.origin.domainSingle'
  | 'domain.origin.defaultCarrier'
  | 'domain.origin.port'
  | 'domain.origin.level'
  | 'domain.origin.weight'
  | 'domain.origin.host'
  | 'domain.origin.matchTooLong'
  | TextProblem;

/** A problem and the field it concerns: `origins` for the list, `origins.<i>.<field>` for one. */
export interface OriginIssue {
  path: string;
  message_id: OriginProblem;
}

/** A whole number typed or given: digits only (no sign, no decimals, no exponent). */
export function wholeNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  const text = value.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

const inRange = (value: number | string, min: number, max: number) => {
  const n = wholeNumber(value);
  return n !== null && n >= min && n <= max;
};

/** A host name: labels of letters, digits and hyphens (not at their edges), dot-separated. */
export function isHostName(text: string, max: number): boolean {
  if (text.length === 0 || text.length > max) return false;
  const labels = text.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => /^[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? '')
  );
}

const isIpv4 = (text: string) => parseAddress(text)?.family === 4 && !text.includes(':');

/** spec §5: the origin host is an IPv4 address or a domain of at most 1024 characters. Empty: the service domain. */
export function checkHost(host: string): 'domain.origin.host' | null {
  if (host === '') return null;
  return isIpv4(host) || isHostName(host, limits.domain.hostMax) ? null : 'domain.origin.host';
}

/**
 * The primary origins are those of the smallest level (10 to 20; 10 by default), the backups
 * those of any larger level: "level (primary or backup, 10-20)" of spec §3.
 */
export function primaryLevel(origins: readonly Pick<OriginInput, 'level'>[]): number | null {
  const levels = origins.map((o) => wholeNumber(o.level)).filter((n): n is number => n !== null);
  return levels.length === 0 ? null : Math.min(...levels);
}

export const isPrimary = (origin: Pick<OriginInput, 'level'>, primary: number | null) =>
  primary === null || wholeNumber(origin.level) === primary;

/**
 * Every origin rule of spec §5, field by field and then across the list:
 * - address required; an IP origin's address is an IPv4 or IPv6 address, a domain origin's a host name;
 * - port 1–65535, level 10–20, weight a positive integer, host IPv4 or a domain up to 1024;
 * - an address appears once; a backup's address differs from every primary's;
 * - the origins of one level are either IPs (several allowed) or one domain;
 * - at least one origin has the default carrier.
 */
export function checkOrigins(origins: readonly OriginInput[]): OriginIssue[] {
  const issues: OriginIssue[] = [];
  if (origins.length === 0) return [{ path: 'origins', message_id: 'domain.origin.none' }];
  if (origins.length > limits.domain.originsMax)
    return [{ path: 'origins', message_id: 'domain.origin.tooMany' }];
  const primary = primaryLevel(origins);
  const addressIndex = new Map<string, number>();
  for (const [i, o] of origins.entries()) {
    const at = (field: string, message_id: OriginProblem) =>
      issues.push({ path: `origins.${i}.${field}`, message_id });
    const address = o.address.trim();
    if (address === '') at('address', 'domain.origin.required');
    else if (o.type === 'ip' && parseAddress(address) === null) at('address', 'domain.origin.ipFormat');
    else if (o.type === 'domain' && !isHostName(address, limits.domain.nameMax))
      at('address', 'domain.origin.domainFormat');
    else {
      const key = address.toLowerCase();
      const first = addressIndex.get(key);
      if (first === undefined) addressIndex.set(key, i);
      else {
        const firstOrigin = origins[first];
        const acrossLevels =
          firstOrigin !== undefined && isPrimary(firstOrigin, primary) !== isPrimary(o, primary);
        at('address', acrossLevels ? 'domain.origin.backupSameAsPrimary' : 'domain.origin.duplicate');
      }
    }
    if (!inRange(o.port, 1, 65535)) at('port', 'domain.origin.port');
    if (!inRange(o.level, limits.domain.levelMin, limits.domain.levelMax)) at('level', 'domain.origin.level');
    if (!inRange(o.weight, 1, limits.domain.weightMax)) at('weight', 'domain.origin.weight');
    if (checkHost(o.host.trim())) at('host', 'domain.origin.host');
    for (const field of ['header_match', 'url_match'] as const) {
      const problem = checkText(o[field]);
      if (problem) at(field, problem);
      else if (o[field].length > limits.domain.matchMax) at(field, 'domain.origin.matchTooLong');
    }
  }
  // One domain, or several IPs, per level.
  const byLevel = new Map<string, number[]>();
  for (const [i, o] of origins.entries()) {
    const key = String(wholeNumber(o.level) ?? o.level);
    byLevel.set(key, [...(byLevel.get(key) ?? []), i]);
  }
  for (const indexes of byLevel.values()) {
    const domains = indexes.filter((i) => origins[i]?.type === 'domain');
    if (domains.length > 0 && indexes.length > 1)
      for (const i of domains)
        issues.push({ path: `origins.${i}.type`, message_id: 'domain.origin.domainSingle' });
  }
  if (!origins.some((o) => o.carrier === 'default'))
    issues.push({ path: 'origins', message_id: 'domain.origin.defaultCarrier' });
  return issues;
}

// ---- copy configuration (spec §5 "Copy configuration") ----------------------------------

/**
 * What a copy can carry to a new domain: basic information and origins always, the group, and the
 * configuration sections in the detail's groups. HTTPS goes only without a certificate: a
 * certificate cannot be reused by a new domain (spec §5, §8).
 */
export const copyContents = [
  'basic',
  'origin',
  'group',
  'cache',
  'https',
  'access',
  'performance',
  'advanced',
] as const;
export type CopyContent = (typeof copyContents)[number];

/** The configuration sections (their aggregates' kinds) each content of a copy carries. */
export const copiedSections = {
  basic: [],
  origin: ['domainOrigin'],
  group: [],
  cache: ['domainCache'],
  https: ['domainHttps'],
  access: ['domainAccess', 'domainUrlAuth'],
  performance: ['domainPerformance', 'domainSpeedLimit'],
  advanced: ['domainHeaders', 'domainRewrites'],
} as const satisfies Record<CopyContent, readonly string[]>;
export type CopiedSection = (typeof copiedSections)[CopyContent][number];

/** The sections a copy with these contents carries. */
export const sectionsCopied = (contents: readonly CopyContent[]): CopiedSection[] =>
  contents.flatMap((content) => copiedSections[content]);

export type CopyTargetsProblem = 'domain.copy.targetsRequired' | 'domain.copy.targetsMax';

/**
 * The target list of one copy: at least one, at most `limits.domain.copyTargetsMax` (10).
 *
 * The spec's copy rule has two readings: one message of the original console says 50 domains
 * per copy while its text and §9 say 10. Ten is the rule here, as §5 directs; the 50 reading is
 * recorded so that nobody "fixes" the limit back.
 */
export function checkCopyTargets(names: readonly string[]): CopyTargetsProblem | null {
  if (names.length === 0) return 'domain.copy.targetsRequired';
  if (names.length > limits.domain.copyTargetsMax) return 'domain.copy.targetsMax';
  return null;
}

// ---- groups ------------------------------------------------------------------------------

export type GroupNameProblem = 'domain.group.nameRequired' | 'domain.group.nameTooLong' | TextProblem;

export function checkGroupName(name: string): GroupNameProblem | null {
  const text = checkText(name);
  if (text) return text;
  const trimmed = name.trim();
  if (trimmed === '') return 'domain.group.nameRequired';
  if ([...trimmed].length > limits.domain.groupNameMax) return 'domain.group.nameTooLong';
  return null;
}
