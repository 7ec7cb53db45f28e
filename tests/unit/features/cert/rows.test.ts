import { describe, expect, it } from 'vitest';
import type { CertEntry } from '../../../../src/contract/cert';
import { certStatus, certTags } from '../../../../src/contract/rules/cert';
import { expiryNotices } from '../../../../src/features/cert/expiry-card';
import { expiryBuckets, filterCertRows, toCertRows } from '../../../../src/features/cert/rows';
import { parseCertSearch, type CertSearch } from '../../../../src/features/cert/search';

const now = Date.parse('2026-11-24T12:00:00Z');
const day = 86_400_000;
/** A stored certificate: its CN is the first of `sans`, and it serves one active domain. */
const entry = (name: string, sans: string[], daysLeft: number, over: Partial<CertEntry> = {}): CertEntry => ({
  id: name,
  name,
  cn: sans[0] ?? '',
  sans,
  names: sans.map((s) => s.toLowerCase()),
  wildcard: sans.some((n) => n.startsWith('*.')),
  issuer: 'Test CA',
  algorithm: 'RSA',
  type: sans.some((n) => n.startsWith('*.')) ? 'wildcard' : sans.length > 1 ? 'multiple' : 'single',
  level: 'DV',
  key_size: 2048,
  not_before: new Date(now - 30 * day).toISOString(),
  not_after: new Date(now + daysLeft * day).toISOString(),
  chain_verified: true,
  // As stored when the list was read: the rows derive it again.
  status: 'inService',
  domains: [{ id: `d-${name}`, domain: sans[0] ?? '', status: 'active' }],
  created_by: 'demo',
  created_at: new Date(now - 30 * day).toISOString(),
  ...over,
});
const entries = [
  entry('Storefront', ['www.shop.com', '*.shop.com'], 200),
  entry('Soon', ['soon.example.com'], 3),
  entry('Later', ['later.example.com'], 20),
  entry('Gone', ['gone.example.com'], -2),
  entry('Edge', ['edge.example.com', 'cdn.Media.net'], 7),
];

describe('toCertRows', () => {
  const rows = toCertRows(entries, now);

  it('derives the state again at now: a certificate whose end passed reads expired though stored in service', () => {
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Storefront', 'inService'],
      ['Soon', 'inService'],
      ['Later', 'inService'],
      ['Gone', 'expired'],
      ['Edge', 'inService'],
    ]);
  });

  it('derives the state from the domains too, and from the chain', () => {
    const [unused, suspended, forced] = toCertRows(
      [
        entry('Unused', ['a.com'], 90, { domains: [] }),
        entry('Suspended', ['b.com'], 90, { domains: [{ id: 'b', domain: 'b.com', status: 'hung_up' }] }),
        entry('Forced', ['c.com'], 90, { chain_verified: false }),
      ],
      now,
    );
    expect([unused?.status, suspended?.status, forced?.status]).toEqual([
      'notAssociated',
      'domainSuspended',
      'pendingAudit',
    ]);
  });

  it('counts the days left, a part day as a day, and flags under 5 days as expiring soon', () => {
    expect(rows.map((r) => [r.name, r.daysLeft, r.expiringSoon])).toEqual([
      ['Storefront', 200, false],
      ['Soon', 3, true],
      ['Later', 20, false],
      ['Gone', -2, false],
      ['Edge', 7, false],
    ]);
    const [five, underFive, minute] = toCertRows(
      [entry('five', ['f.com'], 5), entry('under', ['u.com'], 4.5), entry('minute', ['m.com'], 1 / 1440)],
      now,
    );
    expect([five?.daysLeft, five?.expiringSoon]).toEqual([5, false]);
    expect([underFive?.daysLeft, underFive?.expiringSoon]).toEqual([5, true]);
    expect([minute?.daysLeft, minute?.expiringSoon]).toEqual([1, true]);
  });

  it('reads the state again as time passes: the same entries later', () => {
    const later = toCertRows(entries, now + 4 * day);
    expect(later.find((r) => r.name === 'Soon')).toMatchObject({ status: 'expired', daysLeft: -1 });
    expect(later.find((r) => r.name === 'Edge')).toMatchObject({ daysLeft: 3, expiringSoon: true });
  });
});

describe('filterCertRows', () => {
  const rows = toCertRows(entries, now);
  const names = (search: CertSearch) => filterCertRows(rows, search, now).map((r) => r.name);

  it('shows every row without a keyword or filter', () => {
    expect(names({})).toEqual(['Storefront', 'Soon', 'Later', 'Gone', 'Edge']);
    expect(names({ keyword: '   ' })).toEqual(names({}));
  });

  it('finds the keyword in the name, the CN or a SAN, case ignored', () => {
    expect(names({ keyword: 'storeFRONT' })).toEqual(['Storefront']);
    expect(names({ keyword: 'WWW.SHOP' })).toEqual(['Storefront']);
    expect(names({ keyword: '*.shop.com' })).toEqual(['Storefront']);
    expect(names({ keyword: 'media.NET' })).toEqual(['Edge']);
    expect(names({ keyword: ' example ' })).toEqual(['Soon', 'Later', 'Gone', 'Edge']);
    expect(names({ keyword: 'nowhere' })).toEqual([]);
  });

  it('keeps the rows within the expiry filter, with the keyword too', () => {
    expect(names({ expiry: 'expired' })).toEqual(['Gone']);
    expect(names({ expiry: 'in7' })).toEqual(['Soon', 'Edge']);
    expect(names({ expiry: 'in30' })).toEqual(['Soon', 'Later', 'Edge']);
    expect(names({ expiry: 'unexpired' })).toEqual(['Storefront', 'Soon', 'Later', 'Edge']);
    expect(names({ keyword: 'example', expiry: 'in7' })).toEqual(['Soon', 'Edge']);
    expect(names({ keyword: 'shop', expiry: 'expired' })).toEqual([]);
  });

  it('filters by expiry at the now given, not at the rows’ time', () => {
    expect(filterCertRows(rows, { expiry: 'expired' }, now + 4 * day).map((r) => r.name)).toEqual([
      'Soon',
      'Gone',
    ]);
  });
});

describe('expiryBuckets', () => {
  it('counts expired, within 7 days and within 30 days (the 7-day ones within the 30 too)', () => {
    expect(expiryBuckets(toCertRows(entries, now), now)).toEqual({ expired: 1, in7: 2, in30: 3 });
  });

  it('counts nothing of an empty list', () => {
    expect(expiryBuckets([], now)).toEqual({ expired: 0, in7: 0, in30: 0 });
  });
});

// expiryNotices (src/features/cert/expiry-card.tsx) works on the same rows.
describe('expiryNotices', () => {
  it('gives notice within 30, 14 and 7 days, the smallest threshold, soonest first; none once expired', () => {
    expect(expiryNotices(toCertRows(entries, now), now).map((n) => [n.row.name, n.within])).toEqual([
      ['Soon', 7],
      ['Edge', 7],
      ['Later', 30],
    ]);
  });
});

describe('parseCertSearch', () => {
  it('keeps what is valid: a keyword, a known expiry filter, a page and a size', () => {
    expect(parseCertSearch({ keyword: 'shop', expiry: 'in7', page: '3', size: '50' })).toEqual({
      keyword: 'shop',
      expiry: 'in7',
      page: 3,
      size: 50,
    });
  });

  it('keeps a number-like keyword, which the address reads as a number', () => {
    expect(parseCertSearch({ keyword: 2026 })).toEqual({ keyword: '2026' });
    expect(parseCertSearch({ keyword: '007' })).toEqual({ keyword: '007' });
  });

  it('drops what is not valid, and the defaults', () => {
    expect(parseCertSearch({ keyword: '  ', expiry: 'soon', page: '0', size: '7' })).toEqual({});
    expect(parseCertSearch({ keyword: ['a'], expiry: 7, page: '2.5', size: '20' })).toEqual({});
    expect(parseCertSearch({ page: '1', size: 100 })).toEqual({ size: 100 });
  });

  it('cuts a keyword to 100 characters', () => {
    expect(parseCertSearch({ keyword: 'a'.repeat(150) }).keyword).toHaveLength(100);
  });
});

describe('certStatus (spec §4)', () => {
  const at = new Date(now);
  const cert = { notAfter: new Date(now + day), chainVerified: true };
  it('is expired first, at its end already, whatever its chain and domains', () => {
    expect(certStatus({ ...cert, notAfter: at }, ['active'], at)).toBe('expired');
    expect(certStatus({ notAfter: new Date(now - 1), chainVerified: false }, [], at)).toBe('expired');
    expect(certStatus({ ...cert, notAfter: new Date(now + 1) }, ['active'], at)).toBe('inService');
  });
  it('is pending audit for a forced chain, then follows its domains', () => {
    expect(certStatus({ ...cert, chainVerified: false }, ['active'], at)).toBe('pendingAudit');
    expect(certStatus(cert, [], at)).toBe('notAssociated');
    expect(certStatus(cert, ['deleted'], at)).toBe('notAssociated');
    expect(certStatus(cert, ['hung_up', 'hung_up', 'deleted'], at)).toBe('domainSuspended');
    expect(certStatus(cert, ['hung_up', 'active'], at)).toBe('inService');
  });
});

describe('certTags', () => {
  const at = new Date(now);
  const cert = { notBefore: new Date(now - day), notAfter: new Date(now + day), chainVerified: true };
  it('tags valid within its validity and verified when its chain linked', () => {
    expect(certTags(cert, at)).toEqual(['valid', 'verified']);
    expect(certTags({ ...cert, chainVerified: false }, at)).toEqual(['valid']);
  });
  it('is not valid before its start nor from its end', () => {
    expect(certTags({ ...cert, notBefore: new Date(now + 1) }, at)).toEqual(['verified']);
    expect(certTags({ ...cert, notBefore: at }, at)).toEqual(['valid', 'verified']);
    expect(certTags({ ...cert, notAfter: at, chainVerified: false }, at)).toEqual([]);
  });
});
