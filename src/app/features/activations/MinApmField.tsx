/**
 * The minimum APM: whole attentive seconds per 1,000 impressions. A plain number input (the
 * house TextField), so the preview follows each keystroke rather than waiting for a commit.
 */
import { TextField } from '../../shared/Field.tsx';

/** The text as a minimum APM, or an error to show; empty text is no value yet. */
export function readMinApm(text: string): { value: number | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  const value = Number(text);
  if (!Number.isFinite(value)) return { value: null, error: 'Minimum APM must be a number' };
  if (value < 0) return { value: null, error: 'Minimum APM must not be negative' };
  if (value > 1_000_000) return { value: null, error: 'Minimum APM must be at most 1,000,000' };
  return { value, error: null };
}

export function MinApmField({
  text,
  onChange,
  error,
  hint,
}: {
  text: string;
  onChange: (text: string) => void;
  error?: string | null;
  hint?: string;
}) {
  return (
    <TextField
      label="Minimum APM"
      type="number"
      inputMode="numeric"
      min={0}
      max={1_000_000}
      step={50}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}
