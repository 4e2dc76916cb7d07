import { useEffect, useRef, useState } from 'react';
import { DayField } from '../../shared/metrics/DayField.tsx';

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
    <DayField
      label={label}
      value={draft}
      min={min}
      error={error}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        else if (e.key.length === 1 || e.key.startsWith('Arrow')) typing.current = true;
      }}
      onChange={(e) => {
        setDraft(e.target.value);
        if (!typing.current && e.target.value) onChange(e.target.value);
      }}
      onBlur={commit}
    />
  );
}
