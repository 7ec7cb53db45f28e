import type { Origin } from '../../../contract/domain';
import { wholeNumber, type OriginInput } from '../../../contract/rules/domain';

/** An origin as the form holds it: numbers as typed, and a key for the row. */
export interface OriginDraft extends OriginInput {
  key: string;
  port: string;
  level: string;
  weight: string;
}

/** The basic information of a domain as the forms hold it. */
export interface BasicDraft {
  service_type: string;
  area: string;
  business_type: string;
}

export const defaultBasic: BasicDraft = { service_type: 'web', area: '1', business_type: 'web' };

let nextKey = 0;
const key = () => `origin-${++nextKey}`;

/** A new origin row: an IP origin on port 80, primary (level 10), weight 10, default carrier. */
export const emptyOrigin = (level = '10'): OriginDraft => ({
  key: key(),
  type: 'ip',
  address: '',
  port: '80',
  host: '',
  protocol: 'http',
  level,
  weight: '10',
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: '',
  url_match: '',
});

/** The payload's origins: trimmed text, numbers parsed (the rules checked them before). */
export const toOrigins = (drafts: readonly OriginDraft[]): Origin[] =>
  drafts.map(({ key: _key, ...o }) => ({
    ...o,
    address: o.address.trim(),
    host: o.host.trim(),
    port: wholeNumber(o.port) ?? 0,
    level: wholeNumber(o.level) ?? 0,
    weight: wholeNumber(o.weight) ?? 0,
  }));

/** Rows for origins the server holds (the copy wizard starts from the source's). */
export const draftsOf = (origins: readonly Origin[]): OriginDraft[] =>
  origins.map((o) => ({
    ...o,
    key: key(),
    port: String(o.port),
    level: String(o.level),
    weight: String(o.weight),
  }));
