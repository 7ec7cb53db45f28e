import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from '../../../server/config';

const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('reads none, a number of proxies, or a list of their addresses and networks', () => {
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trustProxy(' 10.0.0.1 , 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(trustProxy('::1,2001:db8::/32')).toEqual(['::1', '2001:db8::/32']);
  });

  it.each([
    'true',
    'yes',
    'all',
    '*',
    '-1',
    '1.5',
    '10.0.0.300',
    '10.0.0.1/33',
    '2001:db8::/129',
    '10.0.0.1,',
    'loopback',
  ])('refuses %j at start rather than trusting every address', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
  });

  it('trusts the peer and the hops nearest to it, as many as there are proxies', () => {
    const two = fastifyTrustProxy(2);
    expect(typeof two).toBe('function');
    if (typeof two !== 'function') return;
    expect([0, 1, 2].map((hop) => two('198.51.100.9', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
