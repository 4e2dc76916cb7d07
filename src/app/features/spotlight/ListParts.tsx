/** The parts both Spotlight lists use: a search box and sortable headers (the pager is the kit's). */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { stillShown } from '../../shared/stillShown.ts';
import type { ListState } from './listState.ts';

export interface Column {
  field: string | null;
  label: string;
  numeric?: boolean;
  className?: string;
}

export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (term: string) => void;
  children?: ReactNode;
}) {
  const [term, setTerm] = useState(value);
  const [location] = useLocation();
  useEffect(() => setTerm(value), [value]);
  // Search as you type, a moment after the last key, or at once when the person leaves the box;
  // never after they have clicked on to another page (it would bring them back).
  const commit = () => term.trim() !== value && stillShown(location) && onSearch(term.trim());
  useEffect(() => {
    if (term.trim() === value) return;
    const timer = setTimeout(commit, 300);
    return () => clearTimeout(timer);
  });
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(term.trim());
      }}
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onBlur={commit}
          placeholder={placeholder}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-500"
        />
      </div>
      {children}
    </form>
  );
}

export function SortHeaders({
  columns,
  state,
  onSort,
}: {
  columns: readonly Column[];
  state: ListState;
  onSort: (field: string, dir: 'asc' | 'desc') => void;
}) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
      <tr>
        {columns.map((c) => {
          const active = c.field === state.sort;
          return (
            <th
              key={c.label}
              scope="col"
              aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              className={`px-4 py-3 font-medium ${c.numeric ? 'text-right' : ''} ${c.className ?? ''}`}
            >
              {c.field ? (
                <button
                  type="button"
                  className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                  onClick={() =>
                    onSort(c.field!, active ? (state.dir === 'asc' ? 'desc' : 'asc') : c.numeric ? 'desc' : 'asc')
                  }
                >
                  {c.label}
                  <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
                    {active ? (state.dir === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              ) : (
                c.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
