import { describe, expect, it } from 'vitest';
import {
  fieldChanges,
  hiddenValue,
  parseStored,
  sameValue,
  withSecretsHidden,
} from '../../../../server/modules/audit/diff';

describe('the field-level difference of an audited object', () => {
  it('lists only the top-level fields that changed, before → after', () => {
    expect(
      fieldChanges(
        { reason: 'scan', expires_at: null, status: 'banned' },
        { reason: 'crawler', expires_at: null, status: 'banned' },
      ),
    ).toEqual([{ field: 'reason', before: 'scan', after: 'crawler' }]);
  });

  it('compares nested objects and lists by value, whatever the order of their keys', () => {
    const before = { ip: { enabled: true, entries: ['192.0.2.1'] }, ua: { mode: 'black', enabled: false } };
    expect(fieldChanges(before, { ua: { enabled: false, mode: 'black' }, ip: before.ip })).toEqual([]);
    expect(
      fieldChanges(before, { ...before, ip: { enabled: true, entries: ['192.0.2.1', '192.0.2.2'] } }),
    ).toEqual([
      { field: 'ip', before: before.ip, after: { enabled: true, entries: ['192.0.2.1', '192.0.2.2'] } },
    ]);
    // A list's order counts.
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it('reads a creation as every field new, a deletion as every field gone', () => {
    expect(fieldChanges(undefined, { login: 'ops', mobile: '' })).toEqual([
      { field: 'login', before: undefined, after: 'ops' },
      { field: 'mobile', before: undefined, after: '' },
    ]);
    expect(fieldChanges({ name: 'shop' }, undefined)).toEqual([
      { field: 'name', before: 'shop', after: undefined },
    ]);
    expect(fieldChanges(undefined, undefined)).toEqual([]);
  });

  it('puts the fields of the new value first, then those that were removed', () => {
    expect(fieldChanges({ a: 1, gone: true, b: 2 }, { b: 3, a: 1, added: 'x' }).map((c) => c.field)).toEqual([
      'b',
      'added',
      'gone',
    ]);
  });

  it('takes a value that is not an object as one unnamed field', () => {
    expect(fieldChanges('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new' }]);
    expect(fieldChanges([1], [1])).toEqual([]);
  });

  it('reads the stored JSON text, null as nothing and broken text as itself', () => {
    expect(parseStored(null)).toBeUndefined();
    expect(parseStored('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseStored('null')).toBeNull();
    expect(parseStored('{broken')).toBe('{broken');
  });

  it('says that a secret changed without saying what it is, and shows an emptied one as empty', () => {
    const changes = fieldChanges(
      { primary_key: 'abcdef123', backup_key: 'old-key-1', lifetime: 3600 },
      { primary_key: 'ghijkl456', backup_key: '', lifetime: 600 },
    );
    expect(withSecretsHidden(changes)).toEqual([
      { field: 'primary_key', before: hiddenValue, after: hiddenValue },
      { field: 'backup_key', before: hiddenValue, after: '' },
      { field: 'lifetime', before: 3600, after: 600 },
    ]);
    expect(withSecretsHidden([{ field: 'password', before: undefined, after: 'x' }])).toEqual([
      { field: 'password', before: undefined, after: hiddenValue },
    ]);
    // A field that only ends like a word is not a secret.
    expect(withSecretsHidden([{ field: 'monkey', before: 1, after: 2 }])[0]?.after).toBe(2);
  });
});
