/**
 * Where a page's module lives, as the key of `import.meta.glob` in src/app/pages.ts: plain, so
 * that the build (scripts/route-preload.ts) finds a route's chunk by the same rule the app loads it.
 */
import type { PageName } from './lazy-modules.ts';

export const NOT_AVAILABLE_PAGE: PageName = 'pages/NotAvailablePage';

export function pageModuleKey(name: PageName): string {
  return name.startsWith('pages/') ? `./${name}.tsx` : `./features/${name}.tsx`;
}
