import type { CertEntry } from '../../contract/cert';
import { certStatus, expiringSoon, matchesExpiry } from '../../contract/rules/cert';
import type { CertSearch } from './search';

/** A certificate as the list shows it: its state and the time left, as of `now`. */
export interface CertRow extends CertEntry {
  notAfter: Date;
  /** Days until it expires, a part day counted as a day (0 or less once expired). */
  daysLeft: number;
  expiringSoon: boolean;
  /** Lower-case text the keyword is looked for in: the name and every name it covers. */
  searchText: string;
}

const day = 86_400_000;

/** The rows of the stored list at `now`: the state derived again (time passes offline too). */
export function toCertRows(entries: readonly CertEntry[], now: number): CertRow[] {
  const at = new Date(now);
  return entries.map((entry) => {
    const notAfter = new Date(entry.not_after);
    return {
      ...entry,
      status: certStatus(
        { notAfter, chainVerified: entry.chain_verified },
        entry.domains.map((d) => d.status),
        at,
      ),
      notAfter,
      daysLeft: Math.ceil((notAfter.getTime() - now) / day),
      expiringSoon: expiringSoon(notAfter, at),
      searchText: [entry.name, ...entry.names].join('\n').toLowerCase(),
    };
  });
}

/** The rows matching the search: the keyword in the name, CN or SANs (case ignored), and the expiry filter. */
export function filterCertRows(rows: readonly CertRow[], search: CertSearch, now: number): CertRow[] {
  const keyword = search.keyword?.trim().toLowerCase() ?? '';
  const at = new Date(now);
  return rows.filter(
    (row) =>
      (keyword === '' || row.searchText.includes(keyword)) &&
      (!search.expiry || matchesExpiry(search.expiry, row.notAfter, at)),
  );
}

/** How many certificates are expired, and expire within 7 and 30 days (spec §2 dashboard buckets). */
export function expiryBuckets(rows: readonly CertRow[], now: number) {
  const at = new Date(now);
  return {
    expired: rows.filter((row) => matchesExpiry('expired', row.notAfter, at)).length,
    in7: rows.filter((row) => matchesExpiry('in7', row.notAfter, at)).length,
    in30: rows.filter((row) => matchesExpiry('in30', row.notAfter, at)).length,
  };
}
