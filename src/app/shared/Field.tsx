/**
 * The labelled native fields: a text field and a select, each with its hint and error tied to it,
 * and the one look every dropdown of the app shares (this native select, the kit's React Aria
 * Select and combobox buttons, the report pickers): the same box, height and chevron, on a page or
 * in a dialog. One module, because the dashboard and the report builder use the select beside no
 * form: in a module of its own, the build's chunk plan merged it with the form kit (its save hook
 * and messages, two requests and 3 KB those pages then loaded first for nothing).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Chevron } from './Chevron.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Hide the label visually but keep it for screen readers. */
  hideLabel?: boolean;
}

/** The ids a control's aria-describedby names: its error first, then its hint. */
export function describedByIds(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A control's hint and error, with the ids describedByIds() points at; `alert` announces the error
 * as it appears (a control checked as soon as it changes, not on submit).
 */
export function FieldMessages({
  id,
  hint,
  error,
  alert = false,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | null;
  alert?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role={alert ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What a labelled control shows around itself: its label, hint and error (and its frame's class). */
export interface FieldFrame {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
}

/** What ties a control to its label, hint and error. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A control's frame: its label above, its hint and error below, and the wiring the control spreads
 * on itself so its label names it and its error describes it.
 */
export function LabelledControl({
  frame: { label, error, hint, hideLabel, className },
  alert,
  control,
}: {
  frame: FieldFrame;
  alert?: boolean;
  control: (wiring: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const wiring: ControlWiring = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByIds(id, error, hint),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      {control(wiring)}
      <FieldMessages id={id} hint={hint} error={error} alert={alert} />
    </div>
  );
}

/** A labelled input with its error tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, error, hint, hideLabel, className = '', ...rest }: TextFieldProps) {
  return (
    <LabelledControl
      frame={{ label, error, hint, hideLabel, className }}
      control={(wiring) => (
        <input
          {...wiring}
          className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-primary ${error ? 'border-red-600' : 'border-slate-300'}`}
          {...rest}
        />
      )}
    />
  );
}

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
