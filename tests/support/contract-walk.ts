import { z } from 'zod';

/** A string field of a schema: where it sits, and which shape of the text rule it follows, if any. */
export interface StringLeaf {
  path: (string | number)[];
  text: 'line' | 'multiline' | null;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function textShape(schema: z.ZodType): StringLeaf['text'] {
  const meta = z.globalRegistry.get(schema) as Record<string, unknown> | undefined;
  const shape = meta?.['x-text'];
  return shape === 'line' || shape === 'multiline' ? shape : null;
}

/**
 * Every string field of a request schema, found by walking the schema itself (objects, arrays,
 * unions, optional and default wrappers, pipes): a field added to the contract is found without
 * anyone listing it. Enums and literals are not free strings and are left out.
 */
export function stringLeaves(schema: z.ZodType, path: (string | number)[] = []): StringLeaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, text: textShape(schema) }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => stringLeaves(field, [...path, key]));
    case 'array':
      return def.element ? stringLeaves(def.element, [...path, 0]) : [];
    case 'union': {
      const leaves = (def.options ?? []).flatMap((option) => stringLeaves(option, path));
      const seen = new Set<string>();
      return leaves.filter((leaf) => {
        const key = JSON.stringify(leaf.path);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }
    case 'pipe':
      return def.in ? stringLeaves(def.in, path) : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return def.innerType ? stringLeaves(def.innerType, path) : [];
    default:
      return [];
  }
}

/** A deep copy of `value` with the field at `path` set to `replacement` (arrays get one element). */
export function withValueAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const record = typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
  record[head as string] = withValueAt(record[head as string], rest, replacement);
  return record;
}
