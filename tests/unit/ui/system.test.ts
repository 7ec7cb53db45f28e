import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../../src/ui/system';

/** Every name imported from '@chakra-ui/react' anywhere under src/. */
function chakraImports(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) chakraImports(path, found);
    else if (/\.tsx?$/.test(entry)) {
      const source = readFileSync(path, 'utf8');
      for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g))
        for (const name of (match[1] ?? '').split(','))
          found.add(
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0] ?? '',
          );
    }
  }
  found.delete('');
  return found;
}

/** The recipe keys a component is styled by (the default theme's naming: `NativeSelect` → `nativeSelect`). */
const recipeKeysOf = (name: string): string[] => {
  const key = name.charAt(0).toLowerCase() + name.slice(1);
  if (name === 'IconButton' || name === 'CloseButton') return ['button'];
  if (name === 'Checkbox') return ['checkbox', 'checkmark'];
  return [key];
};

describe('the console theme', () => {
  const used = [...chakraImports('src')];

  it('finds the Chakra components the screens use', () => {
    expect(used).toEqual(expect.arrayContaining(['Button', 'Dialog', 'Menu']));
  });

  it.each(used)('styles %s as the default theme would', (name) => {
    for (const key of recipeKeysOf(name)) {
      if (defaultSystem.isRecipe(key)) expect(system.isRecipe(key), `recipe ${key}`).toBe(true);
      if (defaultSystem.isSlotRecipe(key)) expect(system.isSlotRecipe(key), `slot recipe ${key}`).toBe(true);
    }
  });

  it('leaves out the recipes of components no screen uses', () => {
    expect(defaultSystem.isSlotRecipe('colorPicker')).toBe(true);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });
});
