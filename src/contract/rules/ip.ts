import { limits } from '../limits';

/** An IPv4 or IPv6 range: a single address has the full prefix (32 or 128). */
export interface IpRange {
  family: 4 | 6;
  /** The first address of the range. */
  start: bigint;
  prefix: number;
}

const bitsOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: "010" is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.includes(':::')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  // An embedded IPv4 address may only take the last 32 bits (::ffff:192.0.2.1), so it is
  // allowed in the last part of the text only.
  const groupsOf = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const items = part.split(':');
    for (const [i, item] of items.entries()) {
      if (last && i === items.length - 1 && item.includes('.')) {
        const v4 = parseIpv4(item);
        if (v4 === null) return null;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(item)) return null;
        groups.push(parseInt(item, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  let value = 0n;
  for (const group of [...head, ...new Array<number>(missing).fill(0), ...tail]) {
    value = (value << 16n) | BigInt(group);
  }
  return value;
}

/** RFC 5952 text of an IPv6 address: lowercase, the longest run of zero groups (≥ 2) as `::`. */
function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

export const formatAddress = (family: 4 | 6, value: bigint) =>
  family === 4 ? formatIpv4(value) : formatIpv6(value);

/** Parses one address, IPv4 or IPv6, without a prefix. */
export function parseAddress(text: string): { family: 4 | 6; value: bigint } | null {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    return value === null ? null : { family: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === null ? null : { family: 4, value };
}

/** The canonical text of a range: a single address without its prefix, otherwise `network/prefix`. */
export function formatRange(range: IpRange): string {
  const address = formatAddress(range.family, range.start);
  return range.prefix === bitsOf(range.family) ? address : `${address}/${range.prefix}`;
}

export type IpRangeProblem =
  | 'ipBan.rule.required'
  | 'ipBan.rule.format'
  | 'ipBan.rule.prefix'
  | 'ipBan.rule.hostBits'
  | 'ipBan.rule.tooWide';

/**
 * Parses an IP address or CIDR range. Host bits must be zero (`192.0.2.0/24`, not `192.0.2.7/24`),
 * so that what is banned is exactly what was written; ranges wider than the limits are refused.
 */
export function parseRange(
  text: string,
): { ok: true; range: IpRange; text: string } | { ok: false; problem: IpRangeProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'ipBan.rule.required' };
  if (/\s/.test(trimmed)) return { ok: false, problem: 'ipBan.rule.format' };
  const slash = trimmed.indexOf('/');
  const address = parseAddress(slash < 0 ? trimmed : trimmed.slice(0, slash));
  if (address === null) return { ok: false, problem: 'ipBan.rule.format' };
  const bits = bitsOf(address.family);
  let prefix = bits;
  if (slash >= 0) {
    const prefixText = trimmed.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText) || Number(prefixText) > bits)
      return { ok: false, problem: 'ipBan.rule.prefix' };
    prefix = Number(prefixText);
  }
  const minPrefix = address.family === 4 ? limits.ipBan.ipv4PrefixMin : limits.ipBan.ipv6PrefixMin;
  if (prefix < minPrefix) return { ok: false, problem: 'ipBan.rule.tooWide' };
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  if ((address.value & hostMask) !== 0n) return { ok: false, problem: 'ipBan.rule.hostBits' };
  const range: IpRange = { family: address.family, start: address.value, prefix };
  return { ok: true, range, text: formatRange(range) };
}

/** The last address of a range. */
export const rangeEnd = (range: IpRange): bigint =>
  range.start + (1n << BigInt(bitsOf(range.family) - range.prefix)) - 1n;

/** Two CIDR ranges overlap exactly when one contains the other. */
export function rangesOverlap(a: IpRange, b: IpRange): boolean {
  return a.family === b.family && a.start <= rangeEnd(b) && b.start <= rangeEnd(a);
}

export function rangeContains(range: IpRange, family: 4 | 6, address: bigint): boolean {
  return range.family === family && range.start <= address && address <= rangeEnd(range);
}

/** The network address of the range as a line would need it, for the host-bits message. */
export function suggestedNetwork(text: string): string | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  if (slash < 0) return null;
  const address = parseAddress(trimmed.slice(0, slash));
  const prefix = Number(trimmed.slice(slash + 1));
  if (address === null || !Number.isInteger(prefix)) return null;
  const bits = bitsOf(address.family);
  if (prefix < 0 || prefix > bits) return null;
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  return formatRange({ family: address.family, start: address.value & ~hostMask, prefix });
}
