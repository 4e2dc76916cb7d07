import { useEffect, useRef, useState } from 'react';

/** A day of a custom range, sent on Enter, on leaving the field or on a pick from the calendar. */
export function DateInput({
  label,
  value,
  onChange,
  min,
  error,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  error?: string | null;
}) {
  const id = `report-date-${label.toLowerCase()}`;
  // What the field holds while a person types. Each key in a date field can make a whole date
  // ('10/31/2' is 0002-10-31), and sending each one to the URL made the range end before it
  // began, so the report fell back to the last 30 days and the custom fields went.
  // Typed dates go in on Enter or when the person leaves the field; a pick from the calendar at once.
  const [draft, setDraft] = useState(value);
  const typing = useRef(false);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    typing.current = false;
    if (draft && draft !== value) onChange(draft);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={draft}
        min={min}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key.length === 1 || e.key.startsWith('Arrow')) typing.current = true;
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          if (!typing.current && e.target.value) onChange(e.target.value);
        }}
        onBlur={commit}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
