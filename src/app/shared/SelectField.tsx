/**
 * A labelled native select with its hint and error tied to it, and the one look every dropdown
 * of the app shares (this native select, the kit's React Aria Select and combobox buttons, the
 * report pickers): the same box, height and chevron, on a page or in a dialog.
 */
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Chevron } from './Chevron.tsx';
import { LabelledControl } from './Field.tsx';

/** The box of a dropdown; the caller adds its border colour (normal or invalid). */
export const SELECT_BOX_CLASS =
  'relative block w-full rounded-md border bg-white py-2 pr-9 pl-3 text-left text-sm text-slate-900 shadow-sm';

/** The dropdown's chevron, drawn at the right of a box with SELECT_BOX_CLASS (or any relative box). */
export function SelectChevron() {
  return <Chevron className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500" />;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** A first option with an empty value, e.g. 'All channels'. */
  placeholder?: string;
}

export function SelectField({ label, error, hint, options, placeholder, className = '', ...rest }: SelectFieldProps) {
  return (
    <LabelledControl
      frame={{ label, error, hint, className }}
      control={(wiring) => (
        <div className="relative">
          {/* The browser's own arrow is hidden for the shared chevron, so it matches the other dropdowns. */}
          <select
            {...wiring}
            className={`${SELECT_BOX_CLASS} appearance-none truncate focus:outline-2 focus:outline-primary ${error ? 'border-red-600' : 'border-slate-300'}`}
            {...rest}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <SelectChevron />
        </div>
      )}
    />
  );
}
