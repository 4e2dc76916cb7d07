/** A small busy indicator; the label is what screen readers hear. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-primary-strong"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
