/**
 * Breadcrumbs (spec §2 "Breadcrumbs"): Home, then one crumb per path segment, each a link when
 * its prefix is a page, and a name lookup when the segment is a record's id.
 */
import { LOOKUP_TABLES } from './admin.ts';
import { findRoute } from './match.ts';
import { notFoundRoute, routes } from './table.ts';
import type { Crumb, RouteEntry } from './types.ts';

/** The crumbs of a pathname on its route: the route's own resolver, else one per segment. */
export function crumbsOf(pathname: string, entry: RouteEntry): Crumb[] {
  return (entry.breadcrumbs ?? segmentCrumbs)(pathname, entry);
}

/**
 * The record a path parameter names, for the breadcrumb's name lookup (spec §2 "Breadcrumbs"). By
 * convention `<resource>Id` names the registry resource (importJobId → import-job); only the
 * spec's renames are listed: labels, "correlation → import-job-status", and Spotlight's own names
 * (assets are stims and studies are briefs in that service).
 */
const PARAM_ALIASES: Readonly<Record<string, { resource: string; service: 'api' | 'spotlight' } | null>> = {
  categoryId: { resource: 'label-category', service: 'api' },
  labelId: { resource: 'label-value', service: 'api' },
  /**
   * A correlation id names itself: it is an import-job-status's title, and no record has it as its
   * id, so a lookup by id could only be refused.
   */
  correlationId: null,
  /** "assets → stims". */
  assetId: { resource: 'stim', service: 'spotlight' },
  /** "studies → briefs". */
  studyId: { resource: 'brief', service: 'spotlight' },
};

export function paramResource(param: string): { resource: string; service: 'api' | 'spotlight' } | null {
  const alias = PARAM_ALIASES[param];
  if (alias !== undefined) return alias;
  if (!param.endsWith('Id') || param.length <= 2) return null;
  return { resource: param.slice(0, -2).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), service: 'api' };
}

/** 'third-party-macros' → 'Third Party Macros'. */
export function capitalise(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

const isPage = (path: string) => findRoute(path).route !== notFoundRoute;

/**
 * Where a path prefix's crumb leads. A prefix that is a page is itself; one that only groups pages
 * leads to the page that holds its entries: the first plain page beneath it ('/activations' →
 * '/activations/activations'), else the nearest page above it ('/billing/purchase-orders' →
 * '/billing', which lists the purchase orders).
 */
function crumbTarget(prefix: string): string | null {
  if (isPage(prefix)) return prefix;
  const beneath = routes.find(
    (r) => r.path.startsWith(`${prefix}/`) && !r.path.includes(':') && !r.id.endsWith('create'),
  );
  if (beneath) return beneath.path;
  for (let above = prefix.slice(0, prefix.lastIndexOf('/')); above; above = above.slice(0, above.lastIndexOf('/'))) {
    if (isPage(above)) return above;
  }
  return null;
}

/**
 * Drops a crumb that says again what the next one says ('Activations / Activations': a group
 * named like its first page); the next one leads to the same place, or is the page shown.
 */
function withoutRepeats(crumbs: Crumb[]): Crumb[] {
  return crumbs.filter((crumb, index) => {
    const next = crumbs[index + 1];
    return !next || next.lookup || crumb.lookup || next.label !== crumb.label;
  });
}

/** The default resolver: Home, then one crumb per path segment. */
export function segmentCrumbs(pathname: string, entry: RouteEntry): Crumb[] {
  return withoutRepeats(segmentCrumbsOf(pathname, entry));
}

function segmentCrumbsOf(pathname: string, entry: RouteEntry): Crumb[] {
  const pattern = entry.path.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: segments.length ? '/' : null }];
  let prefix = '';
  segments.forEach((raw, index) => {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // keep the raw segment
    }
    prefix += `/${raw}`;
    const last = index === segments.length - 1;
    const href = last ? null : crumbTarget(prefix);
    const part = pattern[index] ?? '*';
    const param = part.startsWith(':') ? part.slice(1) : part === '*' ? '*' : null;
    const crumb: Crumb = { label: capitalise(segment), href };
    if (param === 'lookupTableName') {
      crumb.label = LOOKUP_TABLES.find((t) => t.name === segment)?.title ?? capitalise(segment);
    } else if (param === 'lookupId') {
      // "lookups → the lookup resource": the table named one segment earlier.
      const table = LOOKUP_TABLES.find((t) => t.name === segments[index - 1]);
      if (table) crumb.lookup = { resource: table.resource, id: segment, service: 'api' };
    } else if (param === 'name') {
      crumb.label = segment;
    } else if (param === '*' && OBJECT_ID.test(segment)) {
      crumb.lookup = {
        resource: entry.id.startsWith('reports') ? 'report' : 'measurement',
        id: segment,
        service: 'api',
      };
    } else if (param && paramResource(param)) {
      crumb.lookup = { ...(paramResource(param) as { resource: string; service: 'api' | 'spotlight' }), id: segment };
    } else if (param && PARAM_ALIASES[param] === null) {
      crumb.label = segment;
    }
    if (crumb.lookup) crumb.label = segment;
    crumbs.push(crumb);
  });
  return crumbs;
}
