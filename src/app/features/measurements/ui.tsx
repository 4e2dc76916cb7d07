/** Small presentational pieces the measurement pages share. */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedByIds, FieldMessages } from '../../shared/Field.tsx';

/** Spec §4: successful/success green, failed/error red, queued blue, any other state grey. */
export function importStatusClass(status: string): string {
  if (status === 'successful' || status === 'success') return 'bg-green-100 text-green-800 ring-green-600/30';
  if (status === 'failed' || status === 'error') return 'bg-red-100 text-red-800 ring-red-600/30';
  if (status === 'queued') return 'bg-blue-100 text-blue-800 ring-blue-600/30';
  return 'bg-slate-100 text-slate-700 ring-slate-500/30';
}

const MEASUREMENT_STATUS: Record<string, string> = {
  live: 'bg-green-100 text-green-800 ring-green-600/30',
  paused: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  completed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  draft: 'bg-white text-slate-700 ring-slate-400/40',
};

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      {children}
    </span>
  );
}

export function MeasurementStatusBadge({ status }: { status: string }) {
  return <Badge className={MEASUREMENT_STATUS[status] ?? MEASUREMENT_STATUS.draft!}>{capitalise(status)}</Badge>;
}

export function ImportStatusBadge({ status }: { status: string }) {
  return <Badge className={importStatusClass(status)}>{capitalise(status)}</Badge>;
}

export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
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

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/** Grey placeholder blocks while figures load, shaped like what will replace them. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200/70 ${className}`} />;
}

/** Saves text as a file without navigating: the route and its state stay as they are. */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
