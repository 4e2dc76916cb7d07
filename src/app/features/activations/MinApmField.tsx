/**
 * The minimum APM: whole attentive seconds per 1,000 impressions. A plain number input (the
 * house TextField), so the preview follows each keystroke rather than waiting for a commit.
 */
import { TextField } from '../../shared/Field.tsx';
import { fetchPreview, useAsync, useDebounced } from './data.ts';
import { DomainPreviewPanel } from './DomainPreviewPanel.tsx';

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

/**
 * The minimum APM being typed (a value of the form's state), read, and the measurement's domains
 * previewed at it once typing settles (250 ms); no measurement (null) previews nothing.
 */
export function useMinApmPreview(measurementId: string | null, text: string) {
  const minApm = readMinApm(text);
  const settled = useDebounced(minApm.value, 250);
  const key = measurementId && settled !== null ? `${measurementId}|${settled}` : null;
  const preview = useAsync(() => fetchPreview(measurementId!, settled!), key);
  return { text, minApm, preview };
}

export type MinApmPreview = ReturnType<typeof useMinApmPreview>;

/**
 * What stops a save at this minimum: text that is no minimum, none, or (with `qualifying`, once
 * previewed) a minimum no domain reaches, which would make an empty allow list.
 */
export function minApmProblem({ minApm, preview }: MinApmPreview, qualifying: boolean): string | null {
  if (minApm.error) return minApm.error;
  if (minApm.value === null) return 'Minimum APM is required';
  if (qualifying && preview.data && preview.data.qualifying.count === 0)
    return 'No domain reaches this minimum APM: lower it';
  return null;
}

/**
 * The minimum beside its preview; `idle` is said instead while there is no measurement to preview.
 * `onChange` gets each new text (the form keeps it, and clears the field's error).
 */
export function MinApmWithPreview({
  apm,
  onChange,
  error,
  hint,
  idle,
}: {
  apm: MinApmPreview;
  onChange: (text: string) => void;
  error?: string;
  hint: string;
  idle: string | null;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-[14rem_1fr]">
      <MinApmField text={apm.text} onChange={onChange} error={error ?? apm.minApm.error} hint={hint} />
      <div>
        {idle === null ? (
          <DomainPreviewPanel preview={apm.preview.data} loading={apm.preview.loading} />
        ) : (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{idle}</p>
        )}
      </div>
    </div>
  );
}
