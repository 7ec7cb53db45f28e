import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatRange,
  parseAddress,
  parseRange,
  rangeContains,
  rangeEnd,
  rangesOverlap,
  suggestedNetwork,
  type IpRange,
} from '../../../src/contract/rules/ip';

/** The range of a text known to be valid. */
function range(text: string): IpRange {
  const parsed = parseRange(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
  return parsed.range;
}

describe('parseAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', 0n],
    ['192.0.2.1', 0xc0000201n],
    ['255.255.255.255', 0xffffffffn],
    [' 198.51.100.7 ', 0xc6336407n],
  ])('reads %j', (text, value) => {
    expect(parseAddress(text)).toEqual({ family: 4, value });
  });

  it.each([
    ['leading zero', '192.0.2.01'],
    ['leading zero in a zero octet', '192.00.2.1'],
    ['octal-looking octet', '010.0.0.1'],
    ['octet above 255', '256.0.0.1'],
    ['octet of four digits', '1000.0.0.1'],
    ['three octets', '192.0.2'],
    ['five octets', '192.0.2.1.5'],
    ['empty octet', '192..2.1'],
    ['sign', '192.0.2.+1'],
    ['exponent', '1e2.0.0.1'],
    ['hex octet', '0xc0.0.2.1'],
    ['trailing dot', '192.0.2.1.'],
    ['inner space', '192.0. 2.1'],
    ['empty', ''],
  ])('refuses %s (%j)', (_why, text) => {
    expect(parseAddress(text)).toBeNull();
  });
});

describe('parseAddress: IPv6', () => {
  it.each([
    ['::', 0n],
    ['::1', 1n],
    ['1::', 1n << 112n],
    ['2001:db8::1', 0x20010db8000000000000000000000001n],
    ['2001:DB8::1', 0x20010db8000000000000000000000001n],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', 0x20010db8000000000000000000000001n],
    ['1:2:3:4:5:6:7:8', 0x00010002000300040005000600070008n],
    // "::" may stand for a single zero group when parsing (RFC 4291), though RFC 5952 never prints it so.
    ['1:2:3:4:5:6:7::', 0x00010002000300040005000600070000n],
    ['::ffff:192.0.2.1', 0xffffc0000201n],
    ['64:ff9b::198.51.100.7', 0x0064ff9b0000000000000000c6336407n],
    ['1:2:3:4:5:6:192.0.2.1', 0x000100020003000400050006c0000201n],
  ])('reads %j', (text, value) => {
    expect(parseAddress(text)).toEqual({ family: 6, value });
  });

  it.each([
    ['two "::"', '1::2::3'],
    ['":::"', '1:::2'],
    ['nine groups', '1:2:3:4:5:6:7:8:9'],
    ['seven groups without "::"', '1:2:3:4:5:6:7'],
    ['"::" with eight groups', '1::2:3:4:5:6:7:8'],
    ['a group of five digits', '02001:db8::1'],
    ['a non-hex digit', '2001:db8::g'],
    ['a leading single colon', ':1::'],
    ['a trailing single colon', '1::2:'],
    ['a zone index', 'fe80::1%eth0'],
    ['embedded IPv4 with a leading zero', '::ffff:192.0.2.01'],
    ['embedded IPv4 out of range', '::ffff:192.0.2.256'],
    ['embedded IPv4 not at the end', '::192.0.2.1:1'],
    ['embedded IPv4 before "::"', '192.0.2.1::'],
    ['embedded IPv4 before "::" with a tail', '192.0.2.1::1'],
    ['embedded IPv4 making nine groups', '1:2:3:4:5:6:7:192.0.2.1'],
    ['brackets', '[2001:db8::1]'],
  ])('refuses %s (%j)', (_why, text) => {
    expect(parseAddress(text)).toBeNull();
  });
});

describe('canonical text (RFC 5952)', () => {
  it.each([
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['1:0:0:0:0:0:0:0', '1::'],
    // One zero group is written out, not shortened to "::".
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    // The longest run of zeros is shortened; of two equal runs, the first.
    ['1:0:0:1:0:0:0:1', '1:0:0:1::1'],
    ['1:0:0:0:1:0:0:1', '1::1:0:0:1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:00ab:0:0:0:0:cdef', '2001:db8:ab::cdef'],
    ['::ffff:192.0.2.1', '::ffff:c000:201'],
    ['192.0.2.1', '192.0.2.1'],
  ])('%j → %j', (text, canonical) => {
    const address = parseAddress(text);
    expect(address).not.toBeNull();
    if (address) expect(formatAddress(address.family, address.value)).toBe(canonical);
  });
});

describe('parseRange', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1', 32],
    ['192.0.2.1/32', '192.0.2.1', 32],
    ['192.0.2.0/31', '192.0.2.0/31', 31],
    ['192.0.2.0/24', '192.0.2.0/24', 24],
    ['10.0.0.0/8', '10.0.0.0/8', 8],
    ['  198.51.100.0/24  ', '198.51.100.0/24', 24],
    ['2001:db8::/32', '2001:db8::/32', 32],
    ['2001:DB8:0:0::/64', '2001:db8::/64', 64],
    ['2001:db8::1/128', '2001:db8::1', 128],
    ['2001:db8::/127', '2001:db8::/127', 127],
  ])('accepts %j as %j (/%i)', (text, canonical, prefix) => {
    const parsed = parseRange(text);
    expect(parsed).toMatchObject({ ok: true, text: canonical, range: { prefix } });
  });

  it.each([
    ['empty', '', 'ipBan.rule.required'],
    ['blank', '   ', 'ipBan.rule.required'],
    ['not an address', 'example.com', 'ipBan.rule.format'],
    ['a leading zero', '192.0.2.01', 'ipBan.rule.format'],
    ['a bad address before a prefix', '192.0.2/24', 'ipBan.rule.format'],
    ['an empty prefix', '192.0.2.0/', 'ipBan.rule.prefix'],
    ['prefix /33', '192.0.2.0/33', 'ipBan.rule.prefix'],
    ['prefix /129', '2001:db8::/129', 'ipBan.rule.prefix'],
    ['a prefix with a leading zero', '192.0.2.0/024', 'ipBan.rule.prefix'],
    ['a negative prefix', '192.0.2.0/-1', 'ipBan.rule.prefix'],
    ['two prefixes', '192.0.2.0/24/25', 'ipBan.rule.prefix'],
    ['a space before the prefix', '192.0.2.0 /24', 'ipBan.rule.format'],
    ['a space inside', '192.0.2. 1', 'ipBan.rule.format'],
    ['IPv4 /7, wider than /8', '10.0.0.0/7', 'ipBan.rule.tooWide'],
    ['IPv4 /0', '0.0.0.0/0', 'ipBan.rule.tooWide'],
    ['IPv6 /31, wider than /32', '2001:db8::/31', 'ipBan.rule.tooWide'],
    ['IPv6 /0', '::/0', 'ipBan.rule.tooWide'],
    ['host bits in IPv4 /24', '192.0.2.7/24', 'ipBan.rule.hostBits'],
    ['host bits in IPv4 /31', '192.0.2.1/31', 'ipBan.rule.hostBits'],
    ['host bits in IPv4 /8', '10.0.0.1/8', 'ipBan.rule.hostBits'],
    ['host bits in IPv6 /64', '2001:db8::1/64', 'ipBan.rule.hostBits'],
    ['host bits in IPv6 /127', '2001:db8::1/127', 'ipBan.rule.hostBits'],
  ])('refuses %s (%j) with %s', (_why, text, problem) => {
    expect(parseRange(text)).toEqual({ ok: false, problem });
  });

  it('round-trips: the canonical text parses to itself', () => {
    for (const text of ['192.0.2.0/24', '2001:db8::/48', '::1', '::ffff:c000:201', '10.0.0.0/8']) {
      const first = parseRange(text);
      expect(first.ok && parseRange(first.text)).toMatchObject({
        ok: true,
        text: first.ok ? first.text : '',
      });
      if (first.ok) expect(formatRange(first.range)).toBe(first.text);
    }
  });
});

describe('suggestedNetwork (for the host-bits message)', () => {
  it.each([
    ['192.0.2.7/24', '192.0.2.0/24'],
    ['192.0.2.1/31', '192.0.2.0/31'],
    ['192.0.2.255/25', '192.0.2.128/25'],
    ['10.20.30.40/8', '10.0.0.0/8'],
    ['2001:db8::1/64', '2001:db8::/64'],
    ['2001:db8:1234:5678::/32', '2001:db8::/32'],
  ])('%j → %j', (text, network) => {
    expect(suggestedNetwork(text)).toBe(network);
  });

  it.each([['192.0.2.7'], ['bad/24'], ['192.0.2.0/33'], ['192.0.2.0/x']])(
    'has nothing to suggest for %j',
    (text) => {
      expect(suggestedNetwork(text)).toBeNull();
    },
  );
});

describe('overlaps and containment', () => {
  it.each([
    ['10.0.0.0/8', '10.1.0.0/16', true],
    ['10.1.0.0/16', '10.0.0.0/8', true],
    ['10.0.0.0/8', '10.255.255.255', true],
    ['192.0.2.0/24', '192.0.2.0/24', true],
    ['192.0.2.0/25', '192.0.2.128/25', false],
    ['192.0.2.0/24', '192.0.3.0/24', false],
    ['10.0.0.0/8', '11.0.0.0/8', false],
    ['2001:db8::/32', '2001:db8:ffff::/48', true],
    ['2001:db8::/32', '2001:db9::/32', false],
    // The same integers in another family are other addresses.
    ['0.0.0.1', '::1', false],
    ['::ffff:c000:201', '192.0.2.1', false],
  ])('%j and %j overlap: %s', (a, b, overlap) => {
    expect(rangesOverlap(range(a), range(b))).toBe(overlap);
  });

  it('gives the last address of a range', () => {
    expect(rangeEnd(range('192.0.2.0/24'))).toBe(0xc00002ffn);
    expect(rangeEnd(range('192.0.2.1'))).toBe(0xc0000201n);
    expect(rangeEnd(range('2001:db8::/127'))).toBe(0x20010db8000000000000000000000001n);
  });

  it.each([
    ['192.0.2.0/24', '192.0.2.0', true],
    ['192.0.2.0/24', '192.0.2.255', true],
    ['192.0.2.0/24', '192.0.1.255', false],
    ['192.0.2.0/24', '192.0.3.0', false],
    ['192.0.2.1', '192.0.2.1', true],
    ['192.0.2.1', '192.0.2.2', false],
    ['2001:db8::/32', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2001:db8::/32', '2001:db9::', false],
    ['0.0.0.0/8', '::1', false],
  ])('%j contains %j: %s', (text, address, contains) => {
    const parsed = parseAddress(address);
    expect(parsed).not.toBeNull();
    if (parsed) expect(rangeContains(range(text), parsed.family, parsed.value)).toBe(contains);
  });
});
