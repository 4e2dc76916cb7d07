/** Lookups in the table: the route a pathname opens, and a route by its id. */
import { notFoundRoute, routes } from './table.ts';
import type { RouteEntry, RouteMatch } from './types.ts';

/** Matches one pattern against a pathname; returns its params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const clean = (p: string) => p.split('/').filter(Boolean);
  const want = clean(pattern);
  const have = clean(pathname).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return have.length === want.length ? params : null;
}

/**
 * The route for a pathname. Literal segments beat parameters (so /measurements/create is not a
 * measurement called "create"), which the table's order already guarantees: it is checked in order.
 */
export function findRoute(pathname: string): RouteMatch {
  for (const entry of routes) {
    const params = matchPath(entry.path, pathname);
    if (params) return { route: entry, params };
  }
  return { route: notFoundRoute, params: {} };
}

const byId = new Map(routes.map((entry) => [entry.id, entry]));

export function routeById(id: string): RouteEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`No route ${id}`);
  return entry;
}
