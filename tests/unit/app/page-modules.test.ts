import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notFoundRoute, routes } from '../../../src/app/routes/index.ts';
import {
  ADMIN_ENTRIES_FILE,
  adminEntriesSource,
  LAZY_MODULES_FILE,
  lazyModulesSource,
} from '../../../scripts/lazy-modules.ts';

const APP = join(import.meta.dirname, '../../../src/app');
const NOT_YET = 'pages/NotAvailablePage';

/** The files the route table names by module (the same rule as src/app/pages.ts). */
const fileOf = (page: string) => join(APP, page.startsWith('pages/') ? `${page}.tsx` : `features/${page}.tsx`);

describe('every route names a page module that exists', () => {
  const built = [...routes, notFoundRoute].filter((route) => route.page !== NOT_YET);
  it.each(built.map((route) => [route.id, route.page]))('%s → %s', (_id, page) => {
    const file = fileOf(page);
    expect(existsSync(file), `${file} is missing`).toBe(true);
    // A default export: the page function itself, or one a wrapper made (spotlightPage).
    expect(readFileSync(file, 'utf8')).toMatch(/^export default /m);
  });

  it('the module names the table is typed against are the files there are (scripts/lazy-modules.ts)', () => {
    expect(readFileSync(LAZY_MODULES_FILE, 'utf8'), 'run node scripts/lazy-modules.ts').toBe(lazyModulesSource());
  });

  it('the admin sections the table collects are the section folders there are (scripts/lazy-modules.ts)', async () => {
    // Refuses a folder without its entry.ts, or two sections in one place of a menu.
    expect(readFileSync(ADMIN_ENTRIES_FILE, 'utf8'), 'run node scripts/lazy-modules.ts').toBe(
      await adminEntriesSource(),
    );
  });

  it('the not-yet page itself exists, for the routes still waiting for their feature', () => {
    expect(existsSync(fileOf(NOT_YET))).toBe(true);
  });
});
