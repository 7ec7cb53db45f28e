/**
 * The rules of certificates that the browser and the server share (spec §3 Certificate, §4
 * certificate states and expiry filter, §9 expiry thresholds).
 */

const day = 86_400_000;

/** spec §9: a certificate expires soon under 5 days; the dashboard's buckets are 7 and 30 days. */
export const certLimits = { expiringSoonDays: 5, bucketDays: [7, 30] } as const;

/** spec §4: the certificate list's expiry filter. */
export const expiryFilters = ['expired', 'in7', 'in30', 'unexpired'] as const;
export type ExpiryFilter = (typeof expiryFilters)[number];

/**
 * Whether a certificate's validity end matches an expiry filter at `now`: expired; expiring within
 * 7 or 30 days (not expired yet, the 7-day ones within the 30 too); unexpired.
 */
export function matchesExpiry(filter: ExpiryFilter, notAfter: Date, now: Date): boolean {
  const left = notAfter.getTime() - now.getTime();
  switch (filter) {
    case 'expired':
      return left <= 0;
    case 'in7':
      return left > 0 && left <= 7 * day;
    case 'in30':
      return left > 0 && left <= 30 * day;
    case 'unexpired':
      return left > 0;
  }
}

/** spec §9: expiring soon, under 5 days (and not expired). */
export const expiringSoon = (notAfter: Date, now: Date) => {
  const left = notAfter.getTime() - now.getTime();
  return left > 0 && left < certLimits.expiringSoonDays * day;
};

/** A host name as certificates compare it: lower case, without a trailing dot. */
const hostOf = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * Whether a certificate whose names (CN and SANs) are `names` covers an accelerated domain: the
 * same name, or a wildcard `*.a.com` covering exactly one label more (`x.a.com`, neither `a.com`
 * nor `y.x.a.com`), case ignored (RFC 6125 §6.4.3, the left-most label only). A wildcard accelerated
 * domain is covered by the same wildcard.
 */
export function certCovers(names: readonly string[], domain: string): boolean {
  const target = hostOf(domain);
  return names.some((raw) => {
    const name = hostOf(raw);
    if (name === target) return true;
    if (!name.startsWith('*.') || target.startsWith('*.')) return false;
    const base = name.slice(2);
    const dot = target.indexOf('.');
    return dot > 0 && target.slice(dot + 1) === base;
  });
}

/**
 * spec §4 certificate states. One state of service per certificate: `expired` first (it cannot be
 * associated); `pendingAudit` for a forced upload whose chain did not link (until it is replaced);
 * then by its domains: none → `notAssociated`, any accelerating → `inService`, all suspended →
 * `domainSuspended`. `valid` and `verified` are shown beside it, as tags: within its validity, and
 * its chain checked (`certTags`).
 */
/** spec §3 certificate type: one name, several names, or a wildcard among them. */
export const certTypes = ['single', 'multiple', 'wildcard'] as const;
export type CertType = (typeof certTypes)[number];
export const certTypeOf = (cert: { names: readonly string[]; wildcard: boolean }): CertType =>
  cert.wildcard ? 'wildcard' : cert.names.length > 1 ? 'multiple' : 'single';

/** spec §3 certificate level: domain, organization or extended validation; '' when not named. */
export const certLevels = ['DV', 'OV', 'EV', ''] as const;
export type CertLevel = (typeof certLevels)[number];

export const certStatuses = [
  'expired',
  'pendingAudit',
  'notAssociated',
  'inService',
  'domainSuspended',
] as const;
export type CertStatus = (typeof certStatuses)[number];

export function certStatus(
  cert: { notAfter: Date; chainVerified: boolean },
  domainStatuses: readonly string[],
  now: Date,
): CertStatus {
  if (cert.notAfter.getTime() <= now.getTime()) return 'expired';
  if (!cert.chainVerified) return 'pendingAudit';
  const live = domainStatuses.filter((status) => status !== 'deleted');
  if (live.length === 0) return 'notAssociated';
  return live.every((status) => status === 'hung_up') ? 'domainSuspended' : 'inService';
}

/** The tags beside the state: `valid` within its validity at `now`, `verified` when its chain linked. */
export function certTags(
  cert: { notBefore: Date; notAfter: Date; chainVerified: boolean },
  now: Date,
): ('valid' | 'verified')[] {
  const tags: ('valid' | 'verified')[] = [];
  if (cert.notBefore.getTime() <= now.getTime() && now.getTime() < cert.notAfter.getTime())
    tags.push('valid');
  if (cert.chainVerified) tags.push('verified');
  return tags;
}
