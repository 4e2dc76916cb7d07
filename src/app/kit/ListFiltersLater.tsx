/**
 * A list's filters, loaded once the page's reads have answered and the browser is idle (useIdle),
 * so after the list has drawn its rows: their controls (React Aria's select, combo box
 * and popover, and the kit's reference picker) are most of a list page's code, and no list needs
 * them to show its rows, so a phone paints the list without waiting for them. Until they arrive,
 * stand-ins of the same size, label and shown value hold their places (hidden from assistive
 * technology and from tests, which find the real control once it is there), so nothing moves when
 * the controls take over. A list without filters never loads them.
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../shared/useIdle.ts';
import type { ListFilter } from './listFilter.ts';
import type { ListFilters as Filters } from './ListFilters.tsx';
import { FILTER_WIDTH, inputClass, labelClass } from './fieldStyles.ts';
import type { Identified, ListModel } from './usePagedList.ts';

// lazy() drops the component's type parameter: the cast gives it back.
const ListFilters = lazy(() =>
  import('./ListFilters.tsx').then((module) => ({ default: module.ListFilters })),
) as unknown as typeof Filters;

/** What the control will show: the chosen option's name, the typed text or day, else nothing. */
function shownValue(filter: ListFilter, value: string): string {
  if (filter.kind === 'choice') return filter.options.find((o) => o.id === value)?.name ?? filter.allLabel ?? 'All';
  return filter.kind === 'reference' ? '' : value;
}

function StandIns({ filters, values }: { filters: readonly ListFilter[]; values: Readonly<Record<string, string>> }) {
  return filters.map((filter) => (
    <div key={filter.name} className={FILTER_WIDTH[filter.kind]} aria-hidden="true" data-stand-in="">
      <span className={labelClass}>{filter.label}</span>
      <span className={`${inputClass} truncate`}>{shownValue(filter, values[filter.name] ?? '') || '\u00a0'}</span>
    </div>
  ));
}

export function ListFiltersLater<T extends Identified>({
  list,
  filters,
}: {
  list: ListModel<T>;
  filters: readonly ListFilter[];
}) {
  // On a phone the controls' code (55 KB) would otherwise share the line with the list's own reads.
  const idle = useIdle();
  if (!filters.length) return null;
  const standIns = <StandIns filters={filters} values={list.state.filters} />;
  if (!idle) return standIns;
  return (
    <Suspense fallback={standIns}>
      <ListFilters list={list} filters={filters} />
    </Suspense>
  );
}
