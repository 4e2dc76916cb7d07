/**
 * What a list filter is, declared by a page: a light module, so a page that declares its filters
 * does not load their controls (ListFilters.tsx, React Aria), which come after the rows.
 */
import type { SelectOption } from '../../shared/constants.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import type { ListBase } from './listState.ts';
import { capitalise } from '../routes/index.ts';

/** A list filter the page offers, under a query parameter the API takes (spec §7). */
export type ListFilter =
  | { name: string; label: string; kind: 'choice'; options: readonly SelectOption[]; allLabel?: string }
  | { name: string; label: string; kind: 'reference'; resource: ResourceName; base?: ListBase<ResourceName> }
  | { name: string; label: string; kind: 'text' }
  /** A day (YYYY-MM-DD), typed in the browser's date field. */
  | { name: string; label: string; kind: 'date' };

/** A choice among stored words (statuses, types), each shown capitalised, with an 'All …' choice first. */
export function choiceFilter(name: string, label: string, allLabel: string, values: readonly string[]): ListFilter {
  return {
    name,
    label,
    kind: 'choice',
    allLabel,
    options: values.map((value) => ({ id: value, name: capitalise(value) })),
  };
}
