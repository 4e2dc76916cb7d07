import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No two modules of the code (server/, src/, fixtures/, scripts/, packages/) import each other,
 * directly or through others. Type-only imports count: a circle of types still means neither
 * module can be read, moved or tested alone. So do lazy ones (`import('./x.ts')`): a chunk that
 * imports the module that loads it is a circle too (madge counts them as well).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE_FOLDERS = ['server', 'src', 'fixtures', 'scripts', 'packages'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORTS = [
  // import … from './x.ts', export … from './x.ts'
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  // import './x.ts' (for its effects)
  /(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  // import('./x.ts'), lazy
  /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name))
    .filter((entry) => !entry.parentPath.split(/[\\/]/).some((part) => part === 'node_modules' || part === 'dist'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Who imports whom among `files` (relative imports only); `texts` stands in for the files' contents in tests. */
export function importGraph(
  files: readonly string[],
  texts: Readonly<Record<string, string>> = {},
): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = texts[file] ?? readFileSync(file, 'utf8');
    const targets = IMPORTS.flatMap((pattern) => [...text.matchAll(pattern)]).map((match) =>
      resolve(dirname(file), match[1]!),
    );
    graph.set(
      file,
      targets.filter((target) => known.has(target)),
    );
  }
  return graph;
}

/** Each circle once, as the files along it (Tarjan's strongly connected components). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph of the code', () => {
  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('sees lazy and side-effect imports', () => {
    const folder = join(ROOT, 'src');
    const [a, b, c] = ['a.ts', 'b.ts', 'c.ts'].map((name) => join(folder, name));
    const graph = importGraph([a!, b!, c!], {
      [a!]: "const load = () => import('./b.ts');",
      [b!]: "import './c.ts';",
      [c!]: "import type { A } from './a.ts';",
    });
    expect(circles(graph)).toEqual([[a, b, c]]);
  });

  it('has no circle, type-only and lazy imports included', () => {
    const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    const found = circles(importGraph(files)).map((circle) => circle.map((file) => file.slice(ROOT.length + 1)));
    expect(found).toEqual([]);
  });
});
