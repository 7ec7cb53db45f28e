/**
 * The IP check (spec §2 /cdn/utils/ipinquiry, §5, §9): each value must contain a dotted IPv4
 * quartet (an address as typed, with a port or in a URL, is read for its quartet); at most 20 a
 * query. The same rules on both sides.
 */

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** A dotted quartet standing alone: no digit or dotted part runs on before or after it. */
const quartet = new RegExp(`(?<![\\d.])(${octet}(?:\\.${octet}){3})(?!\\.?\\d)`);

/** The IPv4 address a value holds, or null when it holds none (spec §5: the IP-format message). */
export function ipv4In(value: string): string | null {
  return quartet.exec(value)?.[1] ?? null;
}

export interface IpCheckLines {
  /** The values, one a line or separated by commas or spaces, blank ones skipped, each once. */
  values: string[];
  /** Values without an IPv4 address, by their place in `values`. */
  invalid: number[];
}

/** Reads what the user typed into values to check. */
export function readIpCheckInput(text: string): IpCheckLines {
  const values = [...new Set(text.split(/[\s,，;；]+/).filter((v) => v !== ''))];
  return { values, invalid: values.flatMap((v, i) => (ipv4In(v) === null ? [i] : [])) };
}
