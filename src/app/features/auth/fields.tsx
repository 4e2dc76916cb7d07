import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Content under the input (the strength meter); its id goes into aria-describedby. */
  below?: ReactNode;
  belowId?: string;
}

/**
 * A password input with its show/hide toggle (spec §2 "Change-password form"), styled like the
 * shared TextField (src/app/shared/Field.tsx), which has no toggle and no slot for the meter.
 */
export function PasswordField({ label, error, inputRef, below, belowId, ...input }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? errorId : null, belowId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          className={`block w-full rounded-md border bg-white py-2 pr-16 pl-3 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-primary ${error ? 'border-red-600' : 'border-slate-300'}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {below}
    </div>
  );
}
