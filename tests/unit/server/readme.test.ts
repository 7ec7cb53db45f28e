import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../../server/config';

const readme = readFileSync('README.md', 'utf8');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe('README', () => {
  it.each(configVariables.map((v) => [v.name, v.default] as const))(
    'documents %s with its default',
    (name, value) => {
      const cells = readme
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .find((row) => row[1] === `\`${name}\``);
      expect(cells, `README configuration table lacks ${name}`).toBeDefined();
      expect(cells?.[2]).toBe(value === '' ? '(unset)' : `\`${value}\``);
    },
  );

  it('names only npm scripts that exist', () => {
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(3);
    for (const script of named) expect(scripts, `npm run ${script}`).toHaveProperty(script);
    for (const script of ['start', 'test']) expect(scripts).toHaveProperty(script);
  });
});
