/**
 * The filters an admin list declares, each bound to its query parameter in the URL (the kit's
 * list state), so a filtered list survives reload and can be shared as a link.
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { ChoiceInput, ReferencePicker, TextInput } from '../../kit/fields.tsx';
import type { Identified, ResourceList } from '../../kit/useResourceList.ts';
import { resources } from '../../../shared/schemas/index.ts';
import type { FilterDeclaration } from './declaration.ts';
import { recordTitle } from './useAdminSection.tsx';

const ALL = 'all';

export function ListFilters<T extends Identified>({
  list,
  filters,
}: {
  list: ResourceList<T>;
  filters: readonly FilterDeclaration[];
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
              className="w-full sm:w-48"
              value={value || ALL}
              onChange={(next) => set(next === ALL ? '' : next)}
              options={[{ id: ALL, name: 'All' }, ...filter.options]}
            />
          );
        if (filter.kind === 'reference')
          return (
            <div key={`${filter.name}:${value}`} className="flex w-full items-end gap-1 sm:w-64">
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
                  className="mb-0.5 rounded-md px-2 py-1.5 text-sm text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-primary"
                >
                  Clear<span className="sr-only"> {filter.label}</span>
                </Button>
              ) : null}
            </div>
          );
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
  return <TextInput label={label} className="w-full sm:w-56" value={text} onChange={setText} />;
}

/** The registry's name of a resource, for a filter's label ('Accounts' → 'Account'). */
export const filterLabel = (resource: keyof typeof resources) => resources[resource].title.replace(/s$/, '');
