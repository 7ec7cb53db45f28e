import type { IpBanEntry } from '../../contract/ip-ban';
import { checkExpiry, effectiveStatus } from '../../contract/rules/ip-ban';
import { Refusal } from '../command';

/** What the server reads for a ban beyond the entry: the list's other entries. */
export interface BanFacts {
  /** An entry in force that overlaps the range, if any. */
  overlapping: string | null;
  /** The entries in force. */
  banned: number;
}

export const menuPath = '/cdn/ip-ban';
export const tag = 'ipBan';

export const inForce = (entry: IpBanEntry | undefined, now: string): boolean =>
  entry !== undefined && effectiveStatus(entry, Date.parse(now)) === 'banned';

/** The entry, which must be in force (update, unban). */
export function entryInForce(entry: IpBanEntry | undefined, id: string, now: string): IpBanEntry {
  if (!entry || !inForce(entry, now))
    throw new Refusal('ipBan.rule.notBanned', 'cidr', undefined, { entry: id });
  return entry;
}

export function requireFutureExpiry(expiresAt: string | null, now: string): void {
  const problem = checkExpiry(expiresAt, Date.parse(now));
  if (problem) throw new Refusal(problem, 'expires_at');
}
