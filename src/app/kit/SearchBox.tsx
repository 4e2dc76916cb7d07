import { useEffect, useId, useState } from 'react';
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
  const id = useId();
  // A native search box: React Aria's SearchField added nothing a list needs here (its Escape to
  // clear is a line below) and brought its text-field code (11 KB gz) to every list's first load.
  return (
    <div className="w-full sm:w-72">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={term}
        autoComplete="off"
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !term) return;
          event.preventDefault();
          setTerm('');
        }}
        onFocus={() => setTyping(true)}
        onBlur={(event) => {
          setTyping(false);
          const into = event.relatedTarget instanceof Element ? event.relatedTarget : null;
          if (into?.closest('table')) return;
          if (term.trim() !== state.search) set({ search: term.trim() });
        }}
        placeholder={label}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:outline-2 focus:outline-primary [&::-webkit-search-cancel-button]:hidden"
      />
    </div>
  );
}
