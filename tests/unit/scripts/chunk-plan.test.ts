import { describe, expect, it } from 'vitest';
import { planFromChunks, type PlanChunk } from '../../../scripts/chunk-plan.ts';

const KB = 1024;

/** A first bundle: the page registry, its pages and the chunks they import. */
function bundle(
  pages: Record<string, string[]>,
  shared: Record<string, { size: number; imports?: string[] }>,
  startsAtOnce: string[] = [],
) {
  const chunks: PlanChunk[] = [
    {
      fileName: 'App.js',
      name: 'App',
      moduleIds: ['/src/app/App.tsx'],
      imports: [],
      dynamicImports: ['pages.js', ...startsAtOnce.map((chunk) => `${chunk}.js`)],
      facadeModuleId: '/src/app/App.tsx',
      isEntry: true,
      size: 80 * KB,
    },
    {
      fileName: 'pages.js',
      name: 'pages',
      moduleIds: ['/src/app/pages.ts'],
      imports: [],
      dynamicImports: Object.keys(pages).map((page) => `${page}.js`),
      facadeModuleId: '/src/app/pages.ts',
      isEntry: false,
      size: KB,
    },
    ...Object.entries(pages).map(([page, imports]) => ({
      fileName: `${page}.js`,
      name: page,
      moduleIds: [`/src/${page}.tsx`],
      imports: imports.map((chunk) => `${chunk}.js`),
      dynamicImports: [],
      facadeModuleId: `/src/${page}.tsx`,
      isEntry: false,
      size: 2 * KB,
    })),
    ...Object.entries(shared).map(([chunk, { size, imports = [] }]) => ({
      fileName: `${chunk}.js`,
      name: chunk,
      moduleIds: [`/src/${chunk}.ts`],
      imports: imports.map((other) => `${other}.js`),
      dynamicImports: [],
      facadeModuleId: null,
      isEntry: false,
      size,
    })),
  ];
  return chunks;
}

const plan = (chunks: PlanChunk[], claimed: string[] = []) =>
  planFromChunks(chunks, {
    isPageRegistry: (id) => id.endsWith('/pages.ts'),
    claimed: (id) => claimed.includes(id),
  });

/**
 * The chunks a page's first load asks for once the plan is applied: a merged chunk holds each of
 * its parts, so it imports what any of them imports.
 */
function requests(chunks: PlanChunk[], names: Map<string, string>, page: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const groupsOf = (chunk: PlanChunk) => chunk.moduleIds.map((id) => names.get(id) ?? chunk.name);
  const seen = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || visited.has(file)) return;
    visited.add(file);
    for (const group of groupsOf(chunk)) {
      seen.add(group);
      for (const part of chunks) if (groupsOf(part).includes(group)) visit(part.fileName);
    }
    chunk.imports.forEach(visit);
  };
  visit(`${page}.js`);
  return [...seen].sort();
}

describe('the plan of shared chunks', () => {
  it('merges small chunks that the same pages load into one request', () => {
    const chunks = bundle(
      { ListA: ['table', 'pager', 'rows'], ListB: ['table', 'pager', 'rows'] },
      { table: { size: 3 * KB }, pager: { size: KB }, rows: { size: 2 * KB } },
    );
    const names = plan(chunks);
    const shared = names.get('/src/table.ts');
    expect(requests(chunks, names, 'ListA')).toEqual(['ListA', shared]);
    expect(requests(chunks, names, 'ListB')).toEqual(['ListB', shared]);
  });

  it('keeps a large chunk out of the pages that do not use it', () => {
    const chunks = bundle(
      { Dashboard: ['card'], ListA: ['card', 'forms'], ListB: ['card', 'forms'] },
      { card: { size: KB }, forms: { size: 60 * KB } },
    );
    const names = plan(chunks);
    const dashboard = requests(chunks, names, 'Dashboard');
    expect(dashboard).not.toContain(names.get('/src/forms.ts') ?? 'forms');
    // Merging the card into the forms would cost the dashboard 60 KB; the lists load both anyway.
    expect(names.get('/src/card.ts')).not.toBe(names.get('/src/forms.ts'));
  });

  it('counts what a merged chunk imports: a page does not take on a library through a small merge', () => {
    const chunks = bundle(
      { Dashboard: ['format'], ListA: ['format', 'query'], ListB: ['format', 'query'] },
      { format: { size: KB }, query: { size: KB, imports: ['schemas'] }, schemas: { size: 40 * KB } },
    );
    const names = plan(chunks);
    expect(requests(chunks, names, 'Dashboard')).not.toContain(names.get('/src/schemas.ts') ?? 'schemas');
    expect(requests(chunks, names, 'Dashboard')).toHaveLength(2);
  });

  it('leaves alone what the start requests on every page, so that no page code joins it', () => {
    const chunks = bundle(
      { ListA: ['schemas', 'table'], ListB: ['schemas', 'table'] },
      { schemas: { size: KB }, table: { size: 30 * KB }, bundle: { size: KB, imports: ['schemas'] } },
      ['bundle'],
    );
    const names = plan(chunks);
    // Merged with the table, the schemas would bring 30 KB to every page that loads the bundle.
    expect(names.has('/src/schemas.ts')).toBe(false);
  });

  it('leaves alone the chunks already grouped and those only code loaded later imports', () => {
    const chunks = bundle(
      { ListA: ['shell', 'table'], ListB: ['shell', 'table'] },
      {
        shell: { size: KB },
        table: { size: KB },
        filters: { size: KB },
      },
    );
    const names = plan(chunks, ['/src/shell.ts']);
    expect(names.has('/src/shell.ts')).toBe(false);
    expect(names.has('/src/filters.ts')).toBe(false);
  });

  it('counts what the start may load as well: a page does not take on a button library through a merge', () => {
    // The start's own dialog uses the library too, so the library is left out of merges; a merge
    // of `async` with `press` (which imports the library) would still make Home load it.
    const chunks = bundle(
      { Home: ['async'], ListA: ['async', 'press'], ListB: ['async', 'press'], ListC: ['async', 'press'] },
      {
        async: { size: KB / 2 },
        press: { size: KB / 2, imports: ['library'] },
        library: { size: 16 * KB },
        dialog: { size: KB, imports: ['library'] },
      },
      ['dialog'],
    );
    const names = plan(chunks);
    expect(names.has('/src/library.ts')).toBe(false);
    expect(requests(chunks, names, 'Home')).not.toContain('library');
  });

  it('counts a chunk part of which is grouped already, and leaves it whole', () => {
    const chunks = bundle(
      { Home: ['async'], ListA: ['async', 'press'], ListB: ['async', 'press'], ListC: ['async', 'press'] },
      { async: { size: KB / 2 }, press: { size: KB / 2, imports: ['library'] } },
    );
    // React Aria's button code came with React DOM, which the app's chunk holds.
    chunks.push({
      fileName: 'library.js',
      name: 'library',
      moduleIds: ['/src/react-dom.ts', '/src/library.ts'],
      imports: [],
      dynamicImports: [],
      facadeModuleId: null,
      isEntry: false,
      size: 16 * KB,
    });
    const names = plan(chunks, ['/src/react-dom.ts']);
    expect(names.has('/src/library.ts')).toBe(false);
    expect(requests(chunks, names, 'Home')).not.toContain('library');
  });
});
