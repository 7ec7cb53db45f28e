/** One field of an audited object and its value before and after (undefined: it did not exist). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether two JSON values are equal by value: objects whatever the order of their keys, arrays in order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

/** The stored JSON text of a `before` or `after` column: null is "none"; text that is not JSON stands as itself. */
export function parseStored(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An object's fields; a value that is not an object is one field without a name. */
const fieldsOf = (value: unknown): Map<string, unknown> =>
  value === undefined
    ? new Map()
    : isPlainObject(value)
      ? new Map(Object.entries(value))
      : new Map([['', value]]);

/**
 * The field-level difference of an audited object: its top-level fields whose values differ
 * (nested objects and lists compared by value). A creation has no `before`, so every field is new;
 * a deletion has no `after`. Fields come in the order of `after`, then those only `before` had.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const changes: FieldChange[] = [];
  for (const [field, value] of next) {
    if (old.has(field) && sameValue(old.get(field), value)) continue;
    changes.push({ field, before: old.get(field), after: value });
  }
  for (const [field, value] of old)
    if (!next.has(field)) changes.push({ field, before: value, after: undefined });
  return changes;
}

/** Fields that hold a secret (a URL authentication key, a password): the log says they changed, not to what. */
const secretField = /(?:^|_)(?:key|password|secret)$/i;
export const hiddenValue = '******';

const hide = (value: unknown) =>
  value === undefined || value === '' || value === null ? value : hiddenValue;

/** The changes with the values of secret fields hidden (an emptied secret still shows as empty). */
export function withSecretsHidden(changes: readonly FieldChange[]): FieldChange[] {
  return changes.map((change) =>
    secretField.test(change.field)
      ? { field: change.field, before: hide(change.before), after: hide(change.after) }
      : change,
  );
}
