/** The parts both Spotlight lists use: a search box, sortable headers and the pager. */
import { useEffect, useState, type ReactNode } from 'react';
import { buttonClass } from '../../shared/Button.tsx';
import { PAGE_SIZES, type ListState } from './listState.ts';

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
  useEffect(() => setTerm(value), [value]);
  // Search as you type, a moment after the last key.
  useEffect(() => {
    if (term.trim() === value) return;
    const timer = setTimeout(() => onSearch(term.trim()), 300);
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

export function Pager({
  state,
  count,
  noun,
  onChange,
}: {
  state: ListState;
  count: number;
  noun: string;
  onChange: (patch: Partial<ListState>) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / state.size));
  const first = count === 0 ? 0 : (state.page - 1) * state.size + 1;
  const last = Math.min(count, state.page * state.size);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      <p aria-live="polite">{count ? `${first}–${last} of ${count.toLocaleString('en-GB')}` : `No ${noun}`}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          Rows per page
          <select
            value={state.size}
            onChange={(e) => onChange({ size: Number(e.target.value), page: 1 })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={state.page <= 1}
          onClick={() => onChange({ page: state.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {state.page} of {pages}
        </span>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={state.page >= pages}
          onClick={() => onChange({ page: state.page + 1 })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
