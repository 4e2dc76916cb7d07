/**
 * A labelled date field of a custom range (the dashboard's, a report's), with the range's error
 * under it and tied to it. The caller decides when a typed day counts.
 */
import { useId, type InputHTMLAttributes } from 'react';

export function DayField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
