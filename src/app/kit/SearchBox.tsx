import { useEffect, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { Identified, ListModel } from './usePagedList.ts';

/**
 * The list's search: typed terms go to the URL (and the server) a moment after the last key while
 * the person is in the box, or at once when they leave it. Leaving it for a link or button of the
 * rows shown is the exception: applying the search then would redraw the rows under the pointer
 * between the press and the release, and the click would land on whatever moved there (or
 * nowhere). The term waits in the box until they come back to it.
 */
export function SearchBox<T extends Identified>({ list, label }: { list: ListModel<T>; label: string }) {
  const [term, setTerm] = useState(list.state.search);
  const [typing, setTyping] = useState(false);
  const { set, state } = list;
  useEffect(() => {
    if (!typing || term.trim() === state.search) return;
    const timer = setTimeout(() => set({ search: term.trim() }), 300);
    return () => clearTimeout(timer);
  }, [typing, term, state.search, set]);
  return (
    <SearchField
      value={term}
      onChange={setTerm}
      onFocus={() => setTyping(true)}
      onBlur={(event) => {
        setTyping(false);
        const into = event.relatedTarget instanceof Element ? event.relatedTarget : null;
        if (into?.closest('table')) return;
        if (term.trim() !== state.search) set({ search: term.trim() });
      }}
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
