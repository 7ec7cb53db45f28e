import { sectionMeta } from '../../../contract/domain-config';

/**
 * A field-level diff of two states of a section: what a user reviews before applying an edit, the
 * pending-changes panel shows side by side, and the history shows between versions. Objects are
 * walked field by field, lists of objects item by item; a list of plain values is one field.
 */
export type Path = (string | number)[];

export interface ConfigChange {
  path: Path;
  /** Absent: the field (or item) was added. */
  before?: unknown;
  /** Absent: the field (or item) was removed. */
  after?: unknown;
}

/** A group of fields (an access list's settings). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A list of rules. */
export const isObjectList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.some(isObject);

export function diffConfig(before: unknown, after: unknown, path: Path = []): ConfigChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => path.length > 0 || !sectionMeta.has(key),
    );
    return keys.flatMap((key) => {
      if (!(key in after)) return [{ path: [...path, key], before: before[key] }];
      if (!(key in before)) return [{ path: [...path, key], after: after[key] }];
      return diffConfig(before[key], after[key], [...path, key]);
    });
  }
  if ((isObjectList(before) || isObjectList(after)) && Array.isArray(before) && Array.isArray(after)) {
    const changes: ConfigChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) changes.push({ path: [...path, i], before: before[i] });
      else if (i >= before.length) changes.push({ path: [...path, i], after: after[i] });
      else changes.push(...diffConfig(before[i], after[i], [...path, i]));
    }
    return changes;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
