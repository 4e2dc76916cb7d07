import { useEffect, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { Identified, ResourceList } from './useResourceList.ts';

/**
 * The list's search: typed terms go to the URL (and the server) a moment after the last key, or at
 * once when the person leaves the box (a click on a row or a link is then the last word).
 */
export function SearchBox<T extends Identified>({ list, label }: { list: ResourceList<T>; label: string }) {
  const [term, setTerm] = useState(list.state.search);
  const { set, state } = list;
  useEffect(() => {
    if (term.trim() === state.search) return;
    const timer = setTimeout(() => set({ search: term.trim() }), 300);
    return () => clearTimeout(timer);
  }, [term, state.search, set]);
  return (
    <SearchField
      value={term}
      onChange={setTerm}
      onBlur={() => term.trim() !== state.search && set({ search: term.trim() })}
      className="w-full sm:w-72"
    >
      <Label className="sr-only">{label}</Label>
      <Input
        placeholder={label}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:outline-2 focus:outline-primary [&::-webkit-search-cancel-button]:hidden"
      />
    </SearchField>
  );
}
