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
