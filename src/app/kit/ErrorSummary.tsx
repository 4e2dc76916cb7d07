import { formSummary } from './formMessages.ts';

/**
 * The line above a form that was refused: how many fields to correct (each says what is wrong under
 * itself). An alert, so a screen reader hears it as the form is sent. Nothing while all is well.
 */
export function ErrorSummary({ errors }: { errors: Readonly<Record<string, string | undefined>> }) {
  const count = Object.values(errors).filter(Boolean).length;
  if (!count) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {formSummary(count)}
    </div>
  );
}
