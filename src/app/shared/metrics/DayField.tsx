/**
 * A labelled date field of a custom range (the dashboard's, a report's), with the range's error
 * under it and tied to it (the shared field frame, Field.tsx). The caller decides when a typed day
 * counts.
 */
import type { InputHTMLAttributes } from 'react';
import { LabelledControl } from '../Field.tsx';

export function DayField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <LabelledControl
      frame={{ label, error }}
      control={(wiring) => (
        <input
          {...wiring}
          type="date"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          {...input}
        />
      )}
    />
  );
}
