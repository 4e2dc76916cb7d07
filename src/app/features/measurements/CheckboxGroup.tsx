import { useState, type ReactNode } from 'react';
import type { NamedRow } from './data.ts';

/** A fieldset of checkboxes with a filter box: lookups can be long (dozens of formats). */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  legend: string;
  options: readonly NamedRow[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const shown = filter ? options.filter((o) => o.name.toLowerCase().includes(filter.toLowerCase())) : options;
  const errorId = `${legend.replace(/\W/g, '-')}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {legend}
        <span className="ml-2 font-normal text-slate-500">{value.length ? `${value.length} selected` : ''}</span>
      </legend>
      {options.length > 8 ? (
        <input
          type="search"
          aria-label={`Filter ${legend.toLowerCase()}`}
          placeholder={`Filter ${legend.toLowerCase()}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="mb-2 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm placeholder:text-slate-500"
        />
      ) : null}
      <div
        className={`max-h-48 overflow-y-auto rounded-md border bg-white p-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {shown.length === 0 ? <p className="px-1 text-sm text-slate-600">Nothing to choose</p> : null}
        {shown.map((o) => (
          <label
            key={o.id}
            className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={value.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
              className="h-4 w-4 rounded border-slate-400"
            />
            {o.name}
          </label>
        ))}
      </div>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
