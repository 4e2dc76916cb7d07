import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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
