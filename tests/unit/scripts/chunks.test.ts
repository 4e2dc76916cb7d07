import type { ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chunkNames } from '../../../scripts/chunks.ts';

/** A module graph as Rolldown gives it: each module's static and dynamic imports. */
function graph(modules: Record<string, { imports?: string[]; dynamic?: string[]; entry?: boolean }>) {
  const info = new Map<string, ModuleInfo>();
  for (const [id, { imports = [], dynamic = [], entry = false }] of Object.entries(modules)) {
    const importers = Object.entries(modules)
      .filter(([, m]) => m.imports?.includes(id))
      .map(([other]) => other);
    const dynamicImporters = Object.entries(modules)
      .filter(([, m]) => m.dynamic?.includes(id))
      .map(([other]) => other);
    info.set(id, {
      id,
      isEntry: entry,
      importedIds: imports,
      dynamicallyImportedIds: dynamic,
      importers,
      dynamicImporters,
    } as unknown as ModuleInfo);
  }
  return { getModuleInfo: (id: string) => info.get(id) ?? null };
}

const APP = '/p/src/app/App.tsx';
const SCHEMAS = '/p/src/lib/schemas.ts';
const BUNDLE = '/p/src/lib/schema-bundle.ts';
const SHELL = '/p/src/app/shell/Shell.tsx';
const PAGES = '/p/src/app/pages.ts';
const LOGIN = '/p/src/pages/login.astro?astro&type=script&index=0&lang.ts';
const DEMO = '/p/src/pages/documentation/demo.astro?astro&type=script&index=0&lang.ts';
const CONFIG = '/p/src/shared/config.ts';
const NUMBER_FORMAT = '/p/src/shared/number-format.ts';
const ZOD = '/p/node_modules/zod/index.js';

const app = graph({
  [APP]: { entry: true, imports: ['react', SCHEMAS, CONFIG], dynamic: [SHELL, PAGES] },
  react: {},
  [SCHEMAS]: { dynamic: [BUNDLE] },
  [BUNDLE]: {
    imports: [ZOD, '/p/src/shared/schemas/user.ts', '/p/src/shared/schemas/index.ts', '/p/src/shared/messages.ts'],
  },
  '/p/src/shared/schemas/index.ts': { imports: [ZOD, '/p/src/shared/schemas/user.ts'] },
  [ZOD]: {},
  '/p/src/shared/schemas/user.ts': { imports: [ZOD, '/p/src/shared/constants.ts'] },
  '/p/src/shared/constants.ts': {},
  '/p/src/shared/messages.ts': {},
  [SHELL]: { imports: ['react', '/p/src/app/shell/TopNav.tsx', NUMBER_FORMAT] },
  '/p/src/app/shell/TopNav.tsx': {},
  [PAGES]: {},
  [LOGIN]: { entry: true, imports: ['/p/src/shared/messages.ts', CONFIG] },
  [DEMO]: { entry: true, imports: [NUMBER_FORMAT, CONFIG] },
  [CONFIG]: {},
  [NUMBER_FORMAT]: {},
  // A page's request builder that makes a schema as it loads, outside the schema bundle.
  '/p/src/app/features/spotlight/listSources.ts': { imports: [ZOD] },
});

describe('the browser build’s chunk groups', () => {
  const names = chunkNames(app, APP);

  it('puts zod and the schemas in one chunk', () => {
    expect(names.get(ZOD)).toBe('schema-bundle');
    expect(names.get('/p/src/shared/schemas/user.ts')).toBe('schema-bundle');
    expect(names.get(BUNDLE)).toBe('schema-bundle');
    expect(names.get('/p/src/shared/schemas/index.ts')).toBe('schema-bundle');
  });

  it('keeps a plain module the schemas import out of their chunks, so a page using it runs no schema', () => {
    expect(names.get('/p/src/shared/constants.ts')).toBeUndefined();
  });

  it('leaves any other module that makes schemas to Rolldown, never to a merged kit chunk', () => {
    // null: claimed, so the chunk plan does not merge it; Rolldown splits it by its importers.
    expect(names.get('/p/src/app/features/spotlight/listSources.ts')).toBeNull();
  });

  it('leaves what the login page loads to Rolldown, so the login page never loads the app’s chunks', () => {
    expect(names.get('/p/src/shared/messages.ts')).toBeNull();
  });

  it('puts what the login and guide scripts share with the app’s first load in one chunk of its own', () => {
    // One request for the signed-in pages instead of one per set of importers; never the app's chunk.
    expect(names.get(CONFIG)).toBe('site-shared');
    expect(names.get(NUMBER_FORMAT)).toBe('site-shared');
  });

  it('keeps the app’s start and its shell in chunks of their own', () => {
    expect(names.get(APP)).toBe('app');
    expect(names.get('react')).toBe('app');
    expect(names.get(SCHEMAS)).toBe('app');
    expect(names.get(SHELL)).toBe('Shell');
    expect(names.get('/p/src/app/shell/TopNav.tsx')).toBe('Shell');
  });
});
