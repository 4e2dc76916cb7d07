import { useMemo } from 'react';
import { list, listAll } from '../../lib/api.ts';
import { RESOURCE_FACTS } from '../../shared/resource-facts.ts';
import type { ResourceName, ResourceRow } from '../../shared/schemas/index.ts';
import { filterQuery, pageQuery, type ListBase, type SortSpec } from './listState.ts';
import { useCanWriteRow } from './useCanWriteRow.ts';
import { usePagedList, type Identified, type ListModel, type ListSource, type NamedListSpec } from './usePagedList.ts';

export type { Identified } from './usePagedList.ts';

/** What a list page declares about its resource; kept at module scope so it is stable. */
export interface ResourceListSpec<Name extends ResourceName = ResourceName> extends NamedListSpec {
  resource: Name;
}

/**
 * A resource's list declaration: its sort fields are the registry's (what the server sorts by),
 * so a page names only its noun, its default order and what else differs (filters, page sizes).
 */
export function resourceListSpec<Name extends ResourceName>(
  resource: Name,
  noun: string,
  defaultSort: SortSpec,
  more: Partial<ResourceListSpec<Name>> = {},
): ResourceListSpec<Name> {
  return { resource, noun, sortFields: RESOURCE_FACTS[resource].sortFields, defaultSort, ...more };
}

export interface ResourceList<T extends Identified, Name extends ResourceName = ResourceName> extends ListModel<T> {
  spec: ResourceListSpec<Name>;
  /** The page's fixed parameters: the account filter and anything else the page pins. */
  base: ListBase<Name>;
}

/**
 * The resource API as a list source: the URL's state written by the list-query encoders
 * (listState.ts), paged by limit and skip. A hand-edited URL filter the server refuses is its
 * 400 naming the parameter, which the list shows as its error state.
 */
export function resourceSource<Name extends ResourceName>(
  resource: Name,
  base: ListBase<Name>,
): ListSource<ResourceRow<Name>> {
  return {
    name: resource,
    key: JSON.stringify(base),
    page: (state) => list(resource, pageQuery(resource, state, base)),
    all: (state) => listAll(resource, filterQuery(resource, state, base)),
  };
}

/**
 * One page of a resource's rows, asked of the server with the URL's paging, sort spec, search and
 * filters. `base` must be stable (memoise it, or build it from primitives the page already holds).
 */
export function useResourceList<Name extends ResourceName>(
  spec: ResourceListSpec<Name>,
  base: ListBase<Name> | null,
): ResourceList<ResourceRow<Name>, Name> {
  const source = useMemo(() => (base ? resourceSource(spec.resource, base) : null), [spec.resource, base]);
  // Only rows the user may delete can be selected for a bulk action (the server's own rule).
  const canWrite = useCanWriteRow(spec.resource);
  const model = usePagedList(spec, source, canWrite);
  return { ...model, spec, base: base ?? {} };
}
