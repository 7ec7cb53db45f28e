import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every online read of a screen goes through the read layer (`useCall`, persisted and shown offline
 * with its time), never through an effect of its own that calls the API and keeps the answer in
 * state: such a read is blank offline and read afresh on every visit.
 *
 * The walk covers the screens (`src/features`) and the shell (`src/app`), except the start-up in
 * `src/app/boot.tsx`: the token check, the start-up data and the identity user are read before the
 * account pair the read layer keys its cache on is known.
 */
const root = join(import.meta.dirname, '../../..');
const exempt = new Set(['src/app/boot.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A call of the API client: `api.call(…)`, `api.identity.…(…)`, `api.download(…)`. */
function callsApi(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const callee = n.expression.getText().replace(/\s+/g, '');
      if (/^api\.[\w.]+$/.test(callee)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Effects of a file that call the API, directly or through a function of the same file. */
export function effectReads(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const callingFunctions = new Set<string>();
  const collect = (node: ts.Node) => {
    const named =
      (ts.isFunctionDeclaration(node) && node.name) ||
      (ts.isVariableDeclaration(node) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) &&
        ts.isIdentifier(node.name) &&
        node.name);
    if (named && callsApi(node)) callingFunctions.add(named.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /^use(Layout)?Effect$/.test(node.expression.text)
    ) {
      const effect = node.arguments[0];
      let reads = effect !== undefined && callsApi(effect);
      const through = (n: ts.Node) => {
        if (reads) return;
        if (
          ts.isCallExpression(n) &&
          ts.isIdentifier(n.expression) &&
          callingFunctions.has(n.expression.text)
        )
          reads = true;
        ts.forEachChild(n, through);
      };
      if (effect) through(effect);
      if (reads) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('screens read through the read layer', () => {
  it('finds an effect that reads, directly or through a function of its file', () => {
    const direct = `useEffect(() => { void api.call('certFeed').then(setFeed); }, []);`;
    const through = `const load = async () => setRows(await api.call('domainNames'));\nuseEffect(() => { void load(); }, []);`;
    const fine = `const read = useCall('certFeed', undefined);\nuseEffect(() => { document.title = 'x'; }, []);`;
    expect(effectReads('a.tsx', direct)).toEqual([1]);
    expect(effectReads('b.tsx', through)).toEqual([2]);
    expect(effectReads('c.tsx', fine)).toEqual([]);
  });

  it('has no screen or shell part reading with an effect and a call of its own', () => {
    const offenders = [join(root, 'src/features'), join(root, 'src/app')]
      .flatMap(sourceFiles)
      .map((path) => relative(root, path))
      .filter((path) => !exempt.has(path))
      .flatMap((path) =>
        effectReads(path, readFileSync(join(root, path), 'utf8')).map((line) => `${path}:${line}`),
      );
    expect(offenders).toEqual([]);
  });
});
