import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { SectionContent } from '../../../contract/domain-config';

/** What a signed URL is made from: the section's type and key, the address, and the time. */
export interface SigningInput {
  type: SectionContent<'domainUrlAuth'>['type'];
  key: string;
  /** `http://` or `https://` and the domain, no trailing slash. */
  origin: string;
  /** The path of the file, starting with `/`. */
  path: string;
  /** When the URL is made (seconds since the epoch): it is valid for the section's lifetime from then. */
  now: number;
  /** Type A: a random text and the user id, `0` when not used. */
  rand?: string;
  uid?: string;
}

const hex = (text: string) => bytesToHex(md5(utf8ToBytes(text)));

/** `YYYYMMDDHHMM` in Beijing time (UTC+8), as the type B signature carries it. */
function beijingMinute(seconds: number): string {
  const t = new Date((seconds + 8 * 3600) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}${two(t.getUTCMonth() + 1)}${two(t.getUTCDate())}${two(t.getUTCHours())}${two(t.getUTCMinutes())}`;
}

/**
 * A signed URL of the URL authentication section, in the three signing types CDN consoles offer:
 *
 * - A: `/path?auth_key={timestamp}-{rand}-{uid}-{md5("/path-{timestamp}-{rand}-{uid}-{key}")}`
 * - B: `/{YYYYMMDDHHMM}/{md5(key + YYYYMMDDHHMM + "/path")}/path`
 * - C: `/{md5(key + "/path" + hexTimestamp)}/{hexTimestamp}/path`
 *
 * The edge accepts it until the time in it plus the section's lifetime.
 */
export function signedUrl(input: SigningInput): string {
  const path = input.path.startsWith('/') ? input.path : `/${input.path}`;
  const now = Math.floor(input.now);
  switch (input.type) {
    case 'A': {
      const rand = input.rand ?? '0';
      const uid = input.uid ?? '0';
      const hash = hex(`${path}-${now}-${rand}-${uid}-${input.key}`);
      return `${input.origin}${path}?auth_key=${now}-${rand}-${uid}-${hash}`;
    }
    case 'B': {
      const minute = beijingMinute(now);
      return `${input.origin}/${minute}/${hex(`${input.key}${minute}${path}`)}${path}`;
    }
    case 'C': {
      const time = now.toString(16);
      return `${input.origin}/${hex(`${input.key}${path}${time}`)}/${time}${path}`;
    }
  }
}

/** What the check of a signed URL found (the edge's own rules, edge/render.ts url_auth.lua). */
export type SignedUrlCheck =
  | { state: 'valid'; type: SigningInput['type']; until: number }
  | { state: 'expired'; type: SigningInput['type']; until: number }
  | { state: 'signature'; type: SigningInput['type'] }
  /** Signed in another type than the domain's: the authentication algorithms do not match. */
  | { state: 'mismatch'; type: SigningInput['type']; expected: SigningInput['type'] }
  | { state: 'unsigned' };

/** `YYYYMMDDHHMM` in Beijing time as seconds since the epoch, or null. */
function beijingSeconds(minute: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(minute);
  if (!m) return null;
  const [year, month, day, hour, min] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59) return null;
  return Date.UTC(year, month - 1, day, hour, min) / 1000 - 8 * 3600;
}

/** The path as sent, and decoded when that differs (as the edge tries both). */
function pathForms(raw: string): string[] {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded === raw ? [raw] : [raw, decoded];
  } catch {
    return [raw];
  }
}

interface Signature {
  type: SigningInput['type'];
  /** Seconds since the epoch the URL was signed at. */
  time: number;
  hash: string;
  /** What is hashed with a key, for each form of the path. */
  texts: (key: string) => string[];
}

/** The signature a URL carries, in whichever type it is written, or null when it has none. */
function signatureOf(url: URL): Signature | null {
  const raw = url.pathname;
  const token = url.searchParams.get('auth_key');
  const a = token === null ? null : /^(\d{1,12})-(.+)-([0-9a-fA-F]{32})$/.exec(token);
  if (a) {
    const [, ts = '', middle = '', hash = ''] = a;
    return {
      type: 'A',
      time: Number(ts),
      hash: hash.toLowerCase(),
      texts: (key) => pathForms(raw).map((path) => `${path}-${ts}-${middle}-${key}`),
    };
  }
  const b = /^\/(\d{12})\/([0-9a-fA-F]{32})(\/.*)$/.exec(raw);
  const bTime = b ? beijingSeconds(b[1] ?? '') : null;
  if (b && bTime !== null) {
    const [, minute = '', hash = '', rest = ''] = b;
    return {
      type: 'B',
      time: bTime,
      hash: hash.toLowerCase(),
      texts: (key) => pathForms(rest).map((path) => `${key}${minute}${path}`),
    };
  }
  const c = /^\/([0-9a-fA-F]{32})\/([0-9a-fA-F]{1,12})(\/.*)$/.exec(raw);
  if (c) {
    const [, hash = '', time = '', rest = ''] = c;
    return {
      type: 'C',
      time: parseInt(time, 16),
      hash: hash.toLowerCase(),
      texts: (key) => pathForms(rest).map((path) => `${key}${path}${time}`),
    };
  }
  return null;
}

/**
 * Checks a signed URL against the section as saved, as the edge would at `now` (seconds): signed
 * in the section's type with its primary or backup key, and not past the signing time plus the
 * lifetime. A URL signed in another type is told apart (spec §8: the domain's authentication
 * algorithm does not match).
 */
export function checkSignedUrl(
  text: string,
  section: Pick<SectionContent<'domainUrlAuth'>, 'type' | 'primary_key' | 'backup_key' | 'lifetime'>,
  now: number,
): SignedUrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { state: 'unsigned' };
  }
  const signature = signatureOf(url);
  if (!signature) return { state: 'unsigned' };
  const { type } = signature;
  if (type !== section.type) return { state: 'mismatch', type, expected: section.type };
  const keys = [section.primary_key, section.backup_key].filter((key) => key !== '');
  const signed = keys.some((key) => signature.texts(key).some((made) => hex(made) === signature.hash));
  if (!signed) return { state: 'signature', type };
  const until = (signature.time + section.lifetime) * 1000;
  return { state: until < now * 1000 ? 'expired' : 'valid', type, until };
}
