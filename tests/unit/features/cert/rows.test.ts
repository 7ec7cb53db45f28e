import { describe, expect, it } from 'vitest';
import type { CertEntry } from '../../../../src/contract/cert';
import { certStatus, certTags } from '../../../../src/contract/rules/cert';
import { expiryBuckets, filterCertRows, toCertRows } from '../../../../src/features/cert/rows';
import { parseCertSearch } from '../../../../src/features/cert/search';
import { expiryNotices } from '../../../../src/features/cert/expiry-card';

const now = Date.parse('2026-11-24T12:00:00Z');
const day = 86_400_000;
const entry = (
  name: string,
  names: string[],
  daysLeft: number,
  over: Partial<CertEntry> = {},
): CertEntry => ({
  id: name,
  name,
  cn: names[0] ?? '',
  sans: names,
  names,
  wildcard: names.some((n) => n.startsWith('*.')),
  issuer: 'Test CA',
  algorithm: 'RSA',
  key_size: 2048,
  not_before: new Date(now - 30 * day).toISOString(),
  not_after: new Date(now + daysLeft * day).toISOString(),
  chain_verified: true,
  status: 'inService',
  domains: [{ id: 'd1', domain: names[0] ?? '', status: 'active' }],
  created_by: 'demo',
  created_at: new Date(now - 30 * day).toISOString(),
  ...over,
});
const entries = [
  entry('Shop', ['www.shop.com', '*.shop.com'], 200),
  entry('Soon', ['soon.example.com'], 3),
  entry('Later', ['later.example.com'], 20),
  entry('Gone', ['gone.example.com'], -2),
];

describe('certificate rows', () => {
  const rows = toCertRows(entries, now);

  it('derives the state again at the time shown: an end passed reads expired', () => {
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Shop', 'inService'],
      ['Soon', 'inService'],
      ['Later', 'inService'],
      ['Gone', 'expired'],
    ]);
    expect(rows.map((r) => [r.daysLeft, r.expiringSoon])).toEqual([
      [200, false],
      [3, true],
      [20, false],
      [-2, false],
    ]);
  });

  it('finds by name, CN or SAN, case ignored, within the expiry filter', () => {
    const names = (search: Parameters<typeof filterCertRows>[1]) =>
      filterCertRows(rows, search, now).map((r) => r.name);
    expect(names({ keyword: 'SHOP.com' })).toEqual(['Shop']);
    expect(names({ keyword: '*.shop' })).toEqual(['Shop']);
    expect(names({ keyword: 'example' })).toEqual(['Soon', 'Later', 'Gone']);
    expect(names({ keyword: 'example', expiry: 'in7' })).toEqual(['Soon']);
    expect(names({ expiry: 'in30' })).toEqual(['Soon', 'Later']);
    expect(names({ expiry: 'expired' })).toEqual(['Gone']);
    expect(names({ expiry: 'unexpired' })).toEqual(['Shop', 'Soon', 'Later']);
  });

  it('counts the overview buckets and gives notices at 30, 14 and 7 days', () => {
    expect(expiryBuckets(rows, now)).toEqual({ expired: 1, in7: 1, in30: 2 });
    expect(expiryNotices(rows, now).map((n) => [n.row.name, n.within])).toEqual([
      ['Soon', 7],
      ['Later', 30],
    ]);
  });
});

describe('certificate states (spec §4)', () => {
  const at = new Date(now);
  const cert = { notAfter: new Date(now + day), notBefore: new Date(now - day), chainVerified: true };
  it('is expired first, then pending audit for a forced chain, then by its domains', () => {
    expect(certStatus({ ...cert, notAfter: new Date(now - 1) }, ['active'], at)).toBe('expired');
    expect(certStatus({ ...cert, chainVerified: false }, ['active'], at)).toBe('pendingAudit');
    expect(certStatus(cert, [], at)).toBe('notAssociated');
    expect(certStatus(cert, ['deleted'], at)).toBe('notAssociated');
    expect(certStatus(cert, ['hung_up', 'hung_up'], at)).toBe('domainSuspended');
    expect(certStatus(cert, ['hung_up', 'active'], at)).toBe('inService');
  });
  it('tags a certificate valid within its validity, verified when its chain linked', () => {
    expect(certTags(cert, at)).toEqual(['valid', 'verified']);
    expect(certTags({ ...cert, chainVerified: false, notAfter: new Date(now - 1) }, at)).toEqual([]);
  });
});

describe('the certificate list address', () => {
  it('keeps what is valid: a number-like keyword, a known expiry filter, a page and size', () => {
    expect(parseCertSearch({ keyword: 2026, expiry: 'in7', page: '3', size: '50' })).toEqual({
      keyword: '2026',
      expiry: 'in7',
      page: 3,
      size: 50,
    });
    expect(parseCertSearch({ keyword: '  ', expiry: 'soon', page: '0', size: '7' })).toEqual({});
  });
});
