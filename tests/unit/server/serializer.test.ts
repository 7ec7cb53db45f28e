import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../../server/http/serializer';

const route = {
  schema: z.object({ code: z.number(), data: z.object({ name: z.string() }) }),
  method: 'GET',
  url: '/v3/example',
  httpPart: 'body',
} as never;

describe('responseSerializer', () => {
  it('checks answers against the contract when asked: a field it does not declare fails', () => {
    const serialize = responseSerializer(true)(route);
    expect(serialize({ code: 0, data: { name: 'a' } })).toBe('{"code":0,"data":{"name":"a"}}');
    expect(() => serialize({ code: 0, data: { name: 'a', password_hash: 'x' } })).toThrow(
      /more than its contract declares/,
    );
    expect(() => serialize({ code: 0, data: { name: 1 } })).toThrow();
  });

  it('only serialises in service', () => {
    const serialize = responseSerializer(false)(route);
    expect(serialize({ code: 0, data: { name: 'a', extra: true } })).toBe(
      '{"code":0,"data":{"name":"a","extra":true}}',
    );
  });
});

describe('responseSerializer, checking', () => {
  it('does not mind the order of keys, which a JSON column does not keep', () => {
    const serialize = responseSerializer(true)(route);
    expect(JSON.parse(serialize({ data: { name: 'a' }, code: 0 }))).toEqual({ code: 0, data: { name: 'a' } });
  });
});
