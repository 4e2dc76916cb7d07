/**
 * A labelled file input with its hint and error tied to it, in the look every upload of the app
 * shares. `onChange` gets the chosen file (or null when the choice is cleared).
 */
import type { ReactNode, Ref } from 'react';
import { LabelledControl } from './Field.tsx';

const BUTTON = {
  light: 'file:bg-slate-100 file:text-slate-800 hover:file:bg-slate-200',
  // The one upload a page is about (a study's creatives): its button stands out.
  dark: 'file:bg-slate-800 file:text-white',
} as const;

export function FileField({
  label,
  accept,
  onChange,
  error,
  hint,
  inputRef,
  tone = 'light',
}: {
  label: string;
  accept: string;
  onChange: (file: File | null) => void;
  error?: string | null;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  tone?: keyof typeof BUTTON;
}) {
  return (
    <LabelledControl
      frame={{ label, error, hint }}
      alert
      control={(wiring) => (
        <input
          {...wiring}
          ref={inputRef}
          type="file"
          accept={accept}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className={`block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:text-sm file:font-medium ${BUTTON[tone]}`}
        />
      )}
    />
  );
}
