import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The outbound address policy: one rule for every address the server connects to (alarm
 * callbacks) or has an edge connect to (domain origins). An address is allowed when it is global
 * unicast: an IPv4 address outside every block of the IANA IPv4 Special-Purpose Address Registry,
 * an IPv6 address inside 2000::/3 and outside every block of the IANA IPv6 Special-Purpose Address
 * Registry (iana.org/assignments/iana-ipv4-special-registry, …/iana-ipv6-special-registry).
 * Blocks the registries mark globally reachable (AS112, AMT, the anycast services of 192.0.0.0/24
 * and 2001::/23) are refused too: no callback or origin lives there.
 *
 * ipaddr.js names the blocks (`range()`); what it does not tell apart is listed here.
 */

/**
 * What an address is to the policy:
 * - `global`: global unicast, allowed;
 * - `local`: the blocks of a network of one's own (loopback, private, shared, link-local,
 *   unique-local), allowed only where the operator turns them on (a test receiver on this machine,
 *   an origin on the operator's network);
 * - `documentation`: the blocks reserved for examples, which route nowhere;
 * - `special`: every other special-purpose block, and every IPv6 form that carries an IPv4 address
 *   (mapped, compatible, NAT64, 6to4, Teredo): refused whatever the switches. Judging the IPv4
 *   address inside would be a second policy to get right, and no callback or origin needs them.
 */
export type AddressKind = 'global' | 'local' | 'documentation' | 'special';

/** The kinds a use of the policy lets through besides global unicast; `special` never is. */
export type Allowance = readonly ('local' | 'documentation')[];

/** The ipaddr.js ranges of a network of one's own. Unspecified, multicast and broadcast are not. */
const localRanges = {
  ipv4: new Set(['loopback', 'private', 'linkLocal', 'carrierGradeNat']),
  ipv6: new Set(['loopback', 'uniqueLocal', 'linkLocal']),
};

/**
 * RFC 5737 (IPv4), RFC 3849 and RFC 9637 (IPv6): ipaddr.js counts them as `reserved` with the
 * benchmarking and future-use blocks.
 */
const documentation = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32', '3fff::/20'].map(
  (cidr) => ipaddr.parseCIDR(cidr),
);

/**
 * IPv6 blocks ipaddr.js 2.5 leaves as `unicast`: IPv4-compatible addresses (RFC 4291 §2.5.5.1,
 * deprecated; `::7f00:1` is 127.0.0.1 to some stacks) and the Dummy IPv6 Prefix (RFC 9780, in the
 * IPv6 registry). Both lie outside 2000::/3 and would be refused anyway; they are named so that
 * a refusal says which block it is.
 */
const unnamedIpv6 = [
  ['ipv4Compatible', ipaddr.parseCIDR('::/96')],
  ['dummyPrefix', ipaddr.parseCIDR('100:0:0:1::/64')],
] as const;

/** RFC 4291 §2.4: the global unicast space of IPv6; the rest is special or unassigned. */
const globalUnicastIpv6 = ipaddr.parseCIDR('2000::/3');

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An IP address in its plain text: four decimal parts, or IPv6. The other forms some parsers take
 * (`127.1`, `0x7f.0.0.1`, `010.0.0.1`, which one reads as 8.0.0.1 and another as 10.0.0.1) are not
 * addresses here: URLs and resolvers hand over plain text, and a form read two ways is refused.
 */
function parsePlain(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/** The special-purpose block an address is in, by ipaddr.js's name or this module's; `unicast`: none. */
function rangeOf(address: Address): string {
  if (documentation.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits)))
    return 'documentation';
  const named = address.range();
  if (named !== 'unicast' || address.kind() === 'ipv4') return named;
  const unnamed = unnamedIpv6.find(([, block]) => address.match(block));
  if (unnamed) return unnamed[0];
  return address.match(globalUnicastIpv6) ? 'unicast' : 'notGlobalUnicast';
}

/** What an IP address is to the policy (see `AddressKind`); null for what is not an IP address. */
export function addressKind(text: string): AddressKind | null {
  const address = parsePlain(text);
  if (!address) return null;
  const range = rangeOf(address);
  if (range === 'unicast') return 'global';
  if (range === 'documentation') return 'documentation';
  return localRanges[address.kind()].has(range) ? 'local' : 'special';
}

/** Whether the policy lets an address through, with the kinds `also` allows; not an address: no. */
export function outboundAllowed(text: string, also: Allowance = []): boolean {
  const kind = addressKind(text);
  if (kind === 'global') return true;
  return (kind === 'local' || kind === 'documentation') && also.includes(kind);
}

/** A host's addresses, as the resolver answers them. */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true });

/** A host that reaches an address the policy refuses: the address and what it is. */
export class OutboundRefused extends Error {
  constructor(
    readonly address: string,
    readonly kind: AddressKind | null,
  ) {
    super(`${address} is not a public address`);
    this.name = 'OutboundRefused';
  }
}

/**
 * The addresses a URL's host may be connected to: an IP address as it is, a name resolved once.
 * Every address must be allowed: one refused address refuses the host, or a resolver answering a
 * public and a private address would reach the private one on some attempts.
 */
export async function checkedAddresses(
  hostname: string,
  also: Allowance,
  resolve: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  // A URL's IPv6 host keeps its brackets.
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = parsePlain(host);
  const addresses = literal
    ? [{ address: host, family: literal.kind() === 'ipv4' ? 4 : 6 }]
    : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const { address } of addresses)
    if (!outboundAllowed(address, also)) throw new OutboundRefused(address, addressKind(address));
  return addresses;
}

/**
 * A `lookup` that answers the addresses already checked, whatever name it is asked: the connection
 * goes to what was checked, not to what a second resolution might answer (DNS rebinding).
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, [...addresses]);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
  };
}

export interface PinnedPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * POSTs to a URL over a connection to one of `addresses` (from `checkedAddresses`): the Host
 * header and the TLS server name stay the URL's host, so the certificate is checked against it.
 * Redirects are not followed (a redirect would lead to an address nobody checked). Answers the
 * HTTP status; the body is read and dropped.
 */
export function postPinned(url: URL, addresses: readonly LookupAddress[], init: PinnedPost): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        lookup: pinnedLookup(addresses),
        // A pooled connection may have been opened to an address of an earlier resolution.
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
