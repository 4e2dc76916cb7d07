/**
 * The shared zod schemas in the page, loaded on demand: what a page itself checks with them (the
 * search's registry; a form imports its own schemas). zod and the registry would otherwise sit in
 * the app's first-load bundle (90 KB budget), and the answers of the API are parsed in the parse
 * worker (parse.ts), which has its own copy: a page that shows data without a form makes none.
 */
import type * as Bundle from './schema-bundle.ts';

let loading: Promise<typeof Bundle> | null = null;

export function loadSchemas(): Promise<typeof Bundle> {
  loading ??= import('./schema-bundle.ts');
  return loading;
}
