/** A labelled native select with its hint and error tied to it. */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedByIds, FieldMessages } from './Field.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** A first option with an empty value, e.g. 'All channels'. */
  placeholder?: string;
}

export function SelectField({ label, error, hint, options, placeholder, className = '', ...rest }: SelectFieldProps) {
  const id = useId();
  const describedBy = describedByIds(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-primary ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
