import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressKind,
  checkedAddresses,
  OutboundRefused,
  outboundAllowed,
  pinnedLookup,
  type Resolver,
} from '../../../server/net/outbound';

/** What the security review found reached (alarm callbacks) or accepted (domain origins). */
const reviewed = [
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  'fec0::1',
  '64:ff9b::7f00:1',
  '::7f00:1',
  '169.254.169.254',
  '10.0.0.5',
  '::1',
];

/**
 * One address (or two, at the edges) of each block of the IANA special-purpose registries
 * (iana-ipv4-special-registry, iana-ipv6-special-registry), with multicast and the IPv6 blocks the
 * policy refuses besides: site-local, IPv4-compatible, and what lies outside 2000::/3.
 */
const special: [block: string, address: string][] = [
  ['0.0.0.0/8 this network', '0.1.2.3'],
  ['0.0.0.0/32 this host', '0.0.0.0'],
  ['10.0.0.0/8 private-use', '10.255.255.255'],
  ['100.64.0.0/10 shared address space', '100.64.0.1'],
  ['100.64.0.0/10 shared address space (last)', '100.127.255.254'],
  ['127.0.0.0/8 loopback', '127.0.0.1'],
  ['127.0.0.0/8 loopback (not .1)', '127.255.0.3'],
  ['169.254.0.0/16 link local', '169.254.169.254'],
  ['172.16.0.0/12 private-use', '172.16.0.1'],
  ['172.16.0.0/12 private-use (last)', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.1'],
  ['192.0.0.0/29 DS-Lite', '192.0.0.2'],
  ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8'],
  ['192.0.0.9/32 PCP anycast', '192.0.0.9'],
  ['192.0.0.10/32 TURN anycast', '192.0.0.10'],
  ['192.0.0.170/32 NAT64/DNS64 discovery', '192.0.0.170'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.1'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.1'],
  ['192.52.193.0/24 AMT', '192.52.193.1'],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.1'],
  ['192.168.0.0/16 private-use', '192.168.1.1'],
  ['192.175.48.0/24 direct delegation AS112', '192.175.48.1'],
  ['198.18.0.0/15 benchmarking', '198.18.0.1'],
  ['198.18.0.0/15 benchmarking (last)', '198.19.255.255'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.1'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.1'],
  ['224.0.0.0/4 multicast', '239.255.255.250'],
  ['240.0.0.0/4 reserved', '240.0.0.1'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
  ['::1/128 loopback', '::1'],
  ['::/128 unspecified', '::'],
  ['::ffff:0:0/96 IPv4-mapped (of a public address)', '::ffff:8.8.8.8'],
  ['::ffff:0:0/96 IPv4-mapped (of loopback)', '::ffff:127.0.0.1'],
  ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:808:808'],
  ['::/96 IPv4-compatible', '::8.8.8.8'],
  ['64:ff9b::/96 IPv4-IPv6 translation', '64:ff9b::808:808'],
  ['64:ff9b:1::/48 local-use IPv4/IPv6 translation', '64:ff9b:1::1'],
  ['100::/64 discard-only', '100::1'],
  ['100:0:0:1::/64 dummy IPv6 prefix', '100:0:0:1::1'],
  ['2001::/23 IETF protocol assignments', '2001:5::1'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:1::1/128 PCP anycast', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', '2001:1::2'],
  ['2001:1::3/128 DNS-SD SRP anycast', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:3::/32 AMT', '2001:3::1'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::1'],
  ['2001:10::/28 deprecated ORCHID', '2001:10::1'],
  ['2001:20::/28 ORCHIDv2', '2001:20::1'],
  ['2001:30::/28 drone remote ID DETs', '2001:30::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2002::/16 6to4 (of a public address)', '2002:808:808::1'],
  ['2620:4f:8000::/48 direct delegation AS112', '2620:4f:8000::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['5f00::/16 segment routing SIDs', '5f00::1'],
  ['fc00::/7 unique-local', 'fd12:3456:789a::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fe80::/10 link-local with a zone', 'fe80::1%eth0'],
  ['fec0::/10 site-local (deprecated)', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
  ['outside 2000::/3', '4000::1'],
  ['outside 2000::/3 (unassigned ::/8)', '1::1'],
];

/** Global unicast, the edges of the blocks above included. */
const global = [
  '8.8.8.8',
  '1.1.1.1',
  '223.5.5.5',
  '2001:4860:4860::8888',
  '2400:3200::1',
  '1.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.0.3.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2001:200::1',
  '2a00:1450:4001::1',
];

describe('the outbound address policy', () => {
  it.each(reviewed)('refuses %s, which the review found', (address) => {
    expect(outboundAllowed(address)).toBe(false);
  });

  it.each(special)('refuses %s: %s', (_block, address) => {
    expect(outboundAllowed(address)).toBe(false);
    expect(addressKind(address)).not.toBe('global');
  });

  it.each(global)('allows the global unicast address %s', (address) => {
    expect(addressKind(address)).toBe('global');
    expect(outboundAllowed(address)).toBe(true);
  });

  it.each(['127.1', '0x7f.0.0.1', '010.0.0.1', '2130706433', '[::1]', 'localhost', 'example.com', ''])(
    'takes %j for no address at all (a form read two ways is not judged)',
    (text) => {
      expect(addressKind(text)).toBeNull();
      expect(outboundAllowed(text, ['local', 'documentation'])).toBe(false);
    },
  );

  describe('with loopback and private addresses allowed (ALARM_CALLBACK_PRIVATE, ORIGIN_PRIVATE)', () => {
    it.each([
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ])('allows %s', (address) => {
      expect(addressKind(address)).toBe('local');
      expect(outboundAllowed(address, ['local'])).toBe(true);
    });

    it.each([
      '0.0.0.0',
      '::',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '240.0.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '::ffff:127.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      'fec0::1',
    ])('still refuses %s', (address) => {
      expect(outboundAllowed(address, ['local'])).toBe(false);
    });
  });

  it('lets the documentation blocks through only where they are asked for', () => {
    for (const address of ['192.0.2.10', '198.51.100.1', '203.0.113.7', '2001:db8::10', '3fff::1']) {
      expect(addressKind(address), address).toBe('documentation');
      expect(outboundAllowed(address), address).toBe(false);
      expect(outboundAllowed(address, ['documentation']), address).toBe(true);
    }
  });
});

/** A resolver that answers each call with the next of `answers` (the last one after that). */
function resolverOf(...answers: string[][]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    const answer = answers[Math.min(calls.length, answers.length - 1)] ?? [];
    calls.push(host);
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

describe('the addresses a host is connected to', () => {
  it('judges an IP host as it is, without resolving it', async () => {
    const resolve = resolverOf(['8.8.8.8']);
    await expect(checkedAddresses('[::1]', [], resolve)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(checkedAddresses('169.254.169.254', [], resolve)).rejects.toMatchObject({
      address: '169.254.169.254',
      kind: 'local',
    });
    expect(await checkedAddresses('[2001:4860:4860::8888]', [], resolve)).toEqual([
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    expect(resolve.calls).toEqual([]);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const resolve = resolverOf(['8.8.8.8', '127.0.0.1']);
    await expect(checkedAddresses('hooks.example.com', [], resolve)).rejects.toMatchObject({
      address: '127.0.0.1',
      kind: 'local',
    });
    await expect(
      checkedAddresses('hooks.example.com', ['local'], resolverOf(['127.0.0.1', '0.0.0.0'])),
    ).rejects.toMatchObject({
      address: '0.0.0.0',
      kind: 'special',
    });
    await expect(checkedAddresses('hooks.example.com', [], resolverOf([]))).rejects.toThrow('has no address');
  });

  it('connects to the address checked, whatever a second resolution would answer', async () => {
    // A public address when checked, loopback for whoever asks again (DNS rebinding).
    const resolve = resolverOf(['8.8.8.8'], ['127.0.0.1']);
    const checked = await checkedAddresses('rebind.example.com', [], resolve);
    const lookup = pinnedLookup(checked);
    const asked = (all: boolean) =>
      new Promise<unknown>((done, fail) =>
        lookup('rebind.example.com', { all }, (error, address, family) =>
          error ? fail(error) : done(all ? address : { address, family }),
        ),
      );
    expect(await asked(false)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await asked(true)).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(resolve.calls).toEqual(['rebind.example.com']);
  });
});
