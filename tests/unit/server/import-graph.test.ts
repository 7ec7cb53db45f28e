import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : [];
  });

/** The file a relative import names, or null (a package, or a file outside the tree). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(from), specifier)).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each file of the tree and the files of the tree it imports, type-only imports and re-exports included. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((target): target is string => target !== null && target.startsWith(root));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan): each is a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * The lint's cycle rule (import-x/no-cycle) passes over `import type`; a circle of types still
 * ties the files' layers together, so the server's import graph is checked here with them.
 */
describe("the server's import graph", () => {
  const graph = importGraph('server');

  it('is read from the files, type-only imports included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(join('server', 'commands', 'server-side.ts'))).toContain(
      join('server', 'aggregates', 'types.ts'),
    );
  });

  it('has no circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('leaves the demo seed to the start-up: no route, module or operator code imports it', () => {
    const seed = join('server', 'seed');
    const importers = [...graph]
      .filter(([file, targets]) => !file.startsWith(seed) && targets.some((t) => t.startsWith(seed)))
      .map(([file]) => file)
      .sort();
    expect(importers).toEqual([join('server', 'edge-local.ts'), join('server', 'main.ts')]);
  });

  it('keeps the HTTP layer below the modules: server/http imports no module, sign-in or command code', () => {
    const http = join('server', 'http');
    const above = ['modules', 'identity', 'commands', 'operator', 'seed'].map((f) => join('server', f));
    const arrows = [...graph]
      .filter(([file]) => file.startsWith(http))
      .flatMap(([file, targets]) =>
        targets.filter((t) => above.some((f) => t.startsWith(f))).map((t) => `${file} → ${t}`),
      );
    expect(arrows).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const a = join('server', 'a.ts');
    const b = join('server', 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([[a, b]]);
  });
});
