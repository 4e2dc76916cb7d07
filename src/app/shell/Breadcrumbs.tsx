import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getOne } from '../../lib/api.ts';
import { loadSchemas } from '../../lib/schemas.ts';
import type { Crumb, RouteEntry } from '../routes.ts';

const names = new Map<string, Promise<string>>();

/** The name of the record a crumb points at; fetched once per record, parsed with its schema. */
export function lookupName(lookup: NonNullable<Crumb['lookup']>): Promise<string> {
  const key = `${lookup.service}:${lookup.resource}:${lookup.id}`;
  let pending = names.get(key);
  if (!pending) {
    pending =
      lookup.service === 'spotlight'
        ? // Spotlight records need the Spotlight token; until that service exists the id stands in.
          Promise.resolve(lookup.id)
        : loadSchemas()
            .then(async (schemas) => {
              if (!schemas.isResourceName(lookup.resource)) return lookup.id;
              const row = await getOne(lookup.resource, lookup.id);
              return schemas.titleOf(lookup.resource, row);
            })
            .catch(() => {
              names.delete(key);
              return lookup.id;
            });
    names.set(key, pending);
  }
  return pending;
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
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
  return <>{label}</>;
}

/** Home, then the path's segments, each truncated at 52 units (spec §2, §9). */
export function Breadcrumbs({ pathname, route }: { pathname: string; route: RouteEntry }) {
  const crumbs = route.breadcrumbs(pathname, route);
  return (
    <nav aria-label="Breadcrumb" className="mb-4 min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              ) : null}
              {crumb.href && !last ? (
                <Link href={crumb.href} className="block max-w-52 truncate hover:underline" data-crumb>
                  <CrumbLabel crumb={crumb} />
                </Link>
              ) : (
                <span
                  className={`block max-w-52 truncate ${last ? 'font-medium text-slate-900' : ''}`}
                  aria-current={last ? 'page' : undefined}
                  data-crumb
                >
                  <CrumbLabel crumb={crumb} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
