/**
 * The filters a list declares, each bound to its query parameter in the URL (the kit's list
 * state), so a filtered list survives reload and can be shared as a link.
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { FILTER_WIDTH } from './fieldStyles.ts';
import { ChoiceInput, ReferencePicker, TextInput } from './fields.tsx';
import type { ListFilter } from './listFilter.ts';
import { recordTitle } from '../../shared/record-title.ts';
import type { Identified, ListModel } from './usePagedList.ts';

const ALL = 'all';

export function ListFilters<T extends Identified>({
  list,
  filters,
}: {
  list: ListModel<T>;
  filters: readonly ListFilter[];
}) {
  return (
    <>
      {filters.map((filter) => {
        const value = list.state.filters[filter.name] ?? '';
        const set = (next: string) => list.setFilter(filter.name, next);
        if (filter.kind === 'choice')
          return (
            <ChoiceInput
              key={filter.name}
              label={filter.label}
              className={FILTER_WIDTH.choice}
              value={value || ALL}
              onChange={(next) => set(next === ALL ? '' : next)}
              options={[{ id: ALL, name: filter.allLabel ?? 'All' }, ...filter.options]}
            />
          );
        if (filter.kind === 'reference')
          return (
            <div key={`${filter.name}:${value}`} className={`flex items-end gap-1 ${FILTER_WIDTH.reference}`}>
              <ReferencePicker
                label={filter.label}
                className="grow"
                value={value || null}
                onChange={(next) => set(next ?? '')}
                source={{
                  resource: filter.resource,
                  base: filter.base,
                  label: (row) => recordTitle(filter.resource, row),
                }}
              />
              {value ? (
                <Button
                  onPress={() => set('')}
                  className="mb-0.5 rounded-md px-2 py-1.5 text-sm text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary"
                >
                  Clear<span className="sr-only"> {filter.label}</span>
                </Button>
              ) : null}
            </div>
          );
        if (filter.kind === 'date') {
          const id = `list-filter-${filter.name}`;
          return (
            <div key={filter.name} className={FILTER_WIDTH.date}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
                {filter.label}
              </label>
              <input
                id={id}
                type="date"
                value={value}
                onChange={(event) => set(event.target.value)}
                className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
              />
            </div>
          );
        }
        return <TextFilter key={filter.name} label={filter.label} value={value} onCommit={set} />;
      })}
    </>
  );
}

/** A typed filter value goes to the URL a moment after the last key, as the search does. */
function TextFilter({ label, value, onCommit }: { label: string; value: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onCommit(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);
  return <TextInput label={label} className={FILTER_WIDTH.text} value={text} onChange={setText} />;
}
