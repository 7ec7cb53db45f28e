import { describe, expect, it, vi } from 'vitest';
import { holdsNul } from '../../../server/http/request-guards';

describe('the NUL guard of request bodies', () => {
  it('finds a NUL in strings and keys, however deep', () => {
    expect(holdsNul({ a: [{ b: 'x\u0000y' }] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul({ a: ['fine', { b: 2 }] })).toBe(false);
  });

  it('leaves bytes to their reader, without a step per byte', () => {
    const entries = vi.spyOn(Object, 'entries');
    try {
      expect(holdsNul(Buffer.alloc(1024))).toBe(false);
      expect(holdsNul({ body: new Uint8Array([0, 1, 2]) })).toBe(false);
      // The object around the bytes is walked; the bytes are not.
      expect(entries).toHaveBeenCalledTimes(1);
    } finally {
      entries.mockRestore();
    }
  });
});
