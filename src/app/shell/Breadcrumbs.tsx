import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getOne, onResourceWritten } from '../../lib/api.ts';
import { recordTitle } from '../../shared/record-title.ts';
import { isResource } from '../../shared/resource-facts.ts';
import { crumbsOf, type Crumb, type RouteEntry } from '../routes/index.ts';

const names = new Map<string, Promise<string>>();

// A record renamed in this tab must not keep its old name in the crumbs of the next page: a write
// to a resource forgets the names of its records, which the next crumb fetches again.
onResourceWritten((resource) => {
  for (const key of names.keys()) if (key.startsWith(`api:${resource}:`)) names.delete(key);
});

/** The name of the record a crumb points at; fetched once per record, parsed with its schema. */
export function lookupName(lookup: NonNullable<Crumb['lookup']>): Promise<string> {
  const key = `${lookup.service}:${lookup.resource}:${lookup.id}`;
  let pending = names.get(key);
  if (!pending) {
    // A failed read is not kept: the next crumb of the record asks again.
    const unnamed = () => {
      names.delete(key);
      return lookup.id;
    };
    if (lookup.service === 'spotlight')
      // Spotlight records (assets are stims, studies briefs) come from the Spotlight service, with
      // its token; only the name is read, so no schema is loaded for it.
      pending = import('../../stores/spotlight.ts')
        .then(({ spotlightApi, withSpotlight }) =>
          withSpotlight((auth) => spotlightApi.detail(auth, lookup.resource, lookup.id)),
        )
        .then((body) => {
          const name = (body as { data?: { name?: unknown } } | null)?.data?.name;
          return typeof name === 'string' ? name : lookup.id;
        })
        .catch(unnamed);
    else if (isResource(lookup.resource))
      pending = getOne(lookup.resource, lookup.id)
        .then((row) => recordTitle(lookup.resource, row))
        .catch(unnamed);
    else pending = Promise.resolve(lookup.id);
    names.set(key, pending);
  }
  return pending;
}

/**
 * The most characters a crumb shows before it is cut with an ellipsis: about the spec's 52 units
 * (13rem) of text. Cutting the text itself, rather than letting CSS clip it, keeps the ellipsis
 * right against the next "/" (CSS leaves the width of the glyph that did not fit as a gap).
 */
export const CRUMB_MAX_CHARS = 30;

export function shortCrumb(label: string): string {
  return label.length > CRUMB_MAX_CHARS ? `${label.slice(0, CRUMB_MAX_CHARS - 1).trimEnd()}…` : label;
}

function useCrumbLabel(crumb: Crumb): string {
  const [label, setLabel] = useState(crumb.label);
  useEffect(() => {
    setLabel(crumb.label);
    if (!crumb.lookup) return;
    let live = true;
    void lookupName(crumb.lookup).then((name) => {
      if (live) setLabel(name);
    });
    return () => {
      live = false;
    };
  }, [crumb]);
  return label;
}

/** One crumb: cut to fit, with the whole name for pointer users (title) and screen readers. */
function CrumbItem({ crumb, last }: { crumb: Crumb; last: boolean }) {
  const label = useCrumbLabel(crumb);
  const short = shortCrumb(label);
  const cut = short !== label;
  const text = (
    <>
      <span aria-hidden={cut || undefined}>{short}</span>
      {cut ? <span className="sr-only">{label}</span> : null}
    </>
  );
  // Positioned, so the cut also clips the whole name kept for screen readers (out of flow), which
  // would otherwise stick out past a crumb cut to its line's width and widen a phone's page.
  return crumb.href && !last ? (
    <Link
      href={crumb.href}
      className="relative block truncate hover:underline"
      title={cut ? label : undefined}
      data-crumb
    >
      {text}
    </Link>
  ) : (
    <span
      className={`relative block truncate ${last ? 'font-medium text-slate-900' : ''}`}
      aria-current={last ? 'page' : undefined}
      title={cut ? label : undefined}
      data-crumb
    >
      {text}
    </span>
  );
}

/** Home, then the path's segments, each cut at about 52 units (spec §2, §9). */
export function Breadcrumbs({ pathname, route }: { pathname: string; route: RouteEntry }) {
  const crumbs = crumbsOf(pathname, route);
  return (
    <nav aria-label="Breadcrumb" className="mb-4 min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            // The page's own crumb takes the rest of its line, cut to fit, rather than wrap: the
            // line count stays the same when a record's name replaces its id, so the page does not move.
            <li
              key={`${index}-${crumb.label}`}
              className={`flex items-center gap-1 ${last ? 'min-w-16 flex-1' : 'min-w-0'}`}
            >
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              ) : null}
              <CrumbItem crumb={crumb} last={last} />
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
