import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConfigChange, Path } from './diff';

/** The name of each field of the sections, by its key (the same key means the same thing). */
export const fieldLabels: Record<string, MessageDescriptor> = {
  connect_timeout: msg({ id: 'domainConfig.field.connectTimeout', message: 'Origin connect timeout' }),
  rules: msg({ id: 'domainConfig.field.rules', message: 'Rules' }),
  type: msg({ id: 'domainConfig.field.type', message: 'Type' }),
  content: msg({ id: 'domainConfig.field.content', message: 'Content' }),
  ttl: msg({ id: 'domainConfig.field.ttl', message: 'Cache time' }),
  priority: msg({ id: 'domainConfig.field.priority', message: 'Priority' }),
  ignore_no_cache: msg({ id: 'domainConfig.field.ignoreNoCache', message: 'Ignore no-cache headers' }),
  follow_origin: msg({ id: 'domainConfig.field.followOrigin', message: 'Follow origin expiry' }),
  ignore_case: msg({ id: 'domainConfig.field.ignoreCase', message: 'Ignore case' }),
  query: msg({ id: 'domainConfig.field.query', message: 'Query string' }),
  certificate_id: msg({ id: 'domainConfig.field.certificate', message: 'Certificate' }),
  force_https: msg({ id: 'domainConfig.field.forceHttps', message: 'Forced HTTPS' }),
  redirect_code: msg({ id: 'domainConfig.field.redirectCode', message: 'Redirect code' }),
  hsts: msg({ id: 'domainConfig.field.hsts', message: 'HSTS' }),
  hsts_max_age: msg({ id: 'domainConfig.field.hstsMaxAge', message: 'HSTS max-age' }),
  hsts_subdomains: msg({ id: 'domainConfig.field.hstsSubdomains', message: 'HSTS includes subdomains' }),
  http2: msg({ id: 'domainConfig.field.http2', message: 'HTTP/2' }),
  tls_versions: msg({ id: 'domainConfig.field.tlsVersions', message: 'TLS versions' }),
  ip: msg({ id: 'domainConfig.field.ipList', message: 'IP list' }),
  ua: msg({ id: 'domainConfig.field.uaList', message: 'UA list' }),
  referer: msg({ id: 'domainConfig.field.refererList', message: 'Referer list' }),
  enabled: msg({ id: 'domainConfig.field.enabled', message: 'Status' }),
  mode: msg({ id: 'domainConfig.field.mode', message: 'List type' }),
  entries: msg({ id: 'domainConfig.field.entries', message: 'Entries' }),
  allow_empty: msg({ id: 'domainConfig.field.allowEmptyValue', message: 'Allow empty' }),
  match: msg({ id: 'domainConfig.field.match', message: 'Match' }),
  request: msg({ id: 'domainConfig.field.requestHeaders', message: 'Request headers (to the origin)' }),
  response: msg({ id: 'domainConfig.field.responseHeaders', message: 'Response headers' }),
  action: msg({ id: 'domainConfig.field.action', message: 'Action' }),
  name: msg({ id: 'domainConfig.field.name', message: 'Name' }),
  value: msg({ id: 'domainConfig.field.value', message: 'Value' }),
  origin_url: msg({ id: 'domainConfig.field.originUrl', message: 'Source-URL rewrites' }),
  access_url: msg({ id: 'domainConfig.field.accessUrl', message: 'Access-URL rewrites' }),
  error_pages: msg({ id: 'domainConfig.field.errorPages', message: 'Error pages' }),
  source: msg({ id: 'domainConfig.field.source', message: 'Path' }),
  target: msg({ id: 'domainConfig.field.target', message: 'Target' }),
  target_domain: msg({ id: 'domainConfig.field.targetDomain', message: 'Target domain' }),
  status: msg({ id: 'domainConfig.field.status', message: 'Status code' }),
  compression: msg({ id: 'domainConfig.field.compression', message: 'Smart compression' }),
  min_size: msg({ id: 'domainConfig.field.minSize', message: 'Size threshold' }),
  types: msg({ id: 'domainConfig.field.types', message: 'File types' }),
  post_limit_mb: msg({ id: 'domainConfig.field.postLimit', message: 'POST size limit' }),
  primary_key: msg({ id: 'domainConfig.field.primaryKey', message: 'Primary key' }),
  backup_key: msg({ id: 'domainConfig.field.backupKey', message: 'Backup key' }),
  lifetime: msg({ id: 'domainConfig.field.lifetime', message: 'Lifetime' }),
  rate_kbps: msg({ id: 'domainConfig.field.rate', message: 'Speed' }),
  origins: msg({ id: 'domainConfig.field.origins', message: 'Origin' }),
  address: msg({ id: 'domain.originForm.address', message: 'Origin address' }),
  port: msg({ id: 'domain.originForm.port', message: 'Port' }),
  host: msg({ id: 'domain.originForm.host', message: 'Back-to-origin host' }),
  protocol: msg({ id: 'domain.originForm.protocol', message: 'Back-to-origin protocol' }),
  level: msg({ id: 'domain.originForm.level', message: 'Priority' }),
  weight: msg({ id: 'domain.originForm.weight', message: 'Weight' }),
  carrier: msg({ id: 'domain.originForm.carrier', message: 'Carrier' }),
  ip_type: msg({ id: 'domain.originForm.ipType', message: 'IP type' }),
  region: msg({ id: 'domain.originForm.region', message: 'Region' }),
  sm_crypto: msg({ id: 'domain.originForm.smCrypto', message: 'National-crypto origin' }),
  header_match: msg({ id: 'domainConfig.field.headerMatch', message: 'Request-header match' }),
  url_match: msg({ id: 'domainConfig.field.urlMatch', message: 'URL match' }),
};

/** A field's name, or its key where it has none. */
export const fieldLabel = (key: string, i18n: I18n) => (fieldLabels[key] ? i18n._(fieldLabels[key]) : key);

/** Fields in the order the labels list them (stored documents do not keep the order of their keys). */
const order = Object.keys(fieldLabels);
const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
export const orderedEntries = <T>(entries: [string, T][]): [string, T][] =>
  [...entries].sort(([a], [b]) => rank(a) - rank(b));

/** The fields whose values are choices named in `valueLabels`. */
const choiceFields = new Set(['type', 'query', 'mode', 'match', 'action']);

/** The choices of the sections' fields, by value. */
export const valueLabels: Record<string, MessageDescriptor> = {
  all: msg({ id: 'domainConfig.value.all', message: 'All files' }),
  suffix: msg({ id: 'domainConfig.value.suffix', message: 'File suffix' }),
  directory: msg({ id: 'domainConfig.value.directory', message: 'Directory' }),
  path: msg({ id: 'domainConfig.value.path', message: 'Full path' }),
  regex: msg({ id: 'domainConfig.value.regex', message: 'Regex' }),
  keep: msg({ id: 'domainConfig.value.keep', message: 'Keep' }),
  ignore: msg({ id: 'domainConfig.value.ignore', message: 'Ignore' }),
  black: msg({ id: 'domainConfig.value.black', message: 'Blacklist' }),
  white: msg({ id: 'domainConfig.value.white', message: 'Whitelist' }),
  fuzzy: msg({ id: 'domainConfig.value.fuzzy', message: 'Fuzzy' }),
  exact: msg({ id: 'domainConfig.value.exact', message: 'Exact' }),
  set: msg({ id: 'domainConfig.value.set', message: 'Set' }),
  delete: msg({ id: 'domainConfig.value.delete', message: 'Delete' }),
  A: msg({ id: 'domainConfig.value.typeA', message: 'Type A' }),
  B: msg({ id: 'domainConfig.value.typeB', message: 'Type B' }),
  C: msg({ id: 'domainConfig.value.typeC', message: 'Type C' }),
};

/** Keys shown masked: the first and last two characters only. */
const secretFields = new Set(['primary_key', 'backup_key']);
const masked = (key: string) => (key.length <= 4 ? '••••' : `${key.slice(0, 2)}••••${key.slice(-2)}`);

/** Fields whose number has a unit. */
const units: Record<string, MessageDescriptor> = {
  connect_timeout: msg({ id: 'domainConfig.unit.seconds', message: 's' }),
  ttl: msg({ id: 'domainConfig.unit.seconds', message: 's' }),
  hsts_max_age: msg({ id: 'domainConfig.unit.seconds', message: 's' }),
  lifetime: msg({ id: 'domainConfig.unit.seconds', message: 's' }),
  min_size: msg({ id: 'domainConfig.unit.bytes', message: 'bytes' }),
  post_limit_mb: msg({ id: 'domainConfig.unit.mb', message: 'MB' }),
  rate_kbps: msg({ id: 'domainConfig.unit.kbps', message: 'KB/s' }),
};

/** Durations in seconds, also said in days, hours or minutes when they are whole ones. */
const durationFields = new Set(['ttl', 'hsts_max_age', 'lifetime']);
const durationUnits: [number, MessageDescriptor][] = [
  [86_400, msg({ id: 'domainConfig.duration.days', message: '{n, plural, one {# day} other {# days}}' })],
  [3600, msg({ id: 'domainConfig.duration.hours', message: '{n, plural, one {# hour} other {# hours}}' })],
  [
    60,
    msg({ id: 'domainConfig.duration.minutes', message: '{n, plural, one {# minute} other {# minutes}}' }),
  ],
];

/** A duration in seconds in the largest whole unit ("30 days"), or null when it has none. */
export function durationText(seconds: number, i18n: I18n): string | null {
  const unit = durationUnits.find(([size]) => seconds >= size && seconds % size === 0);
  return unit ? i18n._({ ...unit[1], values: { n: seconds / unit[0] } } as MessageDescriptor) : null;
}

const on = msg({ id: 'domainConfig.value.on', message: 'On' });
const off = msg({ id: 'domainConfig.value.off', message: 'Off' });
const none = msg({ id: 'domainConfig.value.none', message: 'None' });
const item = msg({ id: 'domainConfig.field.item', message: '#{number}' });

/** Shows a field's value in the user's words: on/off, the choice's label, the number with its unit. */
export function formatValue(value: unknown, field: string, i18n: I18n): string {
  if (value === undefined || value === null || value === '') return i18n._(none);
  if (typeof value === 'boolean') return i18n._(value ? on : off);
  if (typeof value === 'number') {
    const duration = durationFields.has(field) ? durationText(value, i18n) : null;
    if (duration) return duration;
    return units[field] ? `${value} ${i18n._(units[field])}` : String(value);
  }
  if (typeof value === 'string' && secretFields.has(field)) return masked(value);
  if (typeof value === 'string')
    return valueLabels[value] && choiceFields.has(field) ? i18n._(valueLabels[value]) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return i18n._(none);
    return value.map((v) => formatValue(v, field, i18n)).join(', ');
  }
  if (typeof value === 'object')
    return orderedEntries(Object.entries(value as Record<string, unknown>))
      .map(([key, v]) => `${fieldLabel(key, i18n)}: ${formatValue(v, key, i18n)}`)
      .join(' · ');
  return String(value);
}

/** A field's name along its path: "IP list · Entries", "Rule #2 · Cache time". */
export function labelOf(path: Path, i18n: I18n): string {
  const parts: string[] = [];
  for (const part of path) {
    if (typeof part === 'number') {
      const last = parts.pop() ?? '';
      parts.push(`${last} ${i18n._({ ...item, values: { number: part + 1 } } as MessageDescriptor)}`.trim());
    } else parts.push(fieldLabel(part, i18n));
  }
  return parts.join(' · ');
}

/** A change as a row of the review: the field, before and after, in words. */
export function describeChange(
  change: ConfigChange,
  i18n: I18n,
): { label: string; before: string; after: string } {
  const field = [...change.path].reverse().find((part): part is string => typeof part === 'string') ?? '';
  return {
    label: labelOf(change.path, i18n),
    before: 'before' in change ? formatValue(change.before, field, i18n) : '—',
    after: 'after' in change ? formatValue(change.after, field, i18n) : '—',
  };
}
