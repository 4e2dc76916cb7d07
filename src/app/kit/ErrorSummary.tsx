import { useEffect, useRef } from 'react';
import { formSummary } from './formMessages.ts';

/**
 * The line above a form that was refused: how many fields to correct (each says what is wrong under
 * itself). An alert, so a screen reader hears it as the form is sent; brought into view as it
 * appears, since the button that sent a long form sits far below it. Nothing while all is well.
 */
export function ErrorSummary({ errors }: { errors: Readonly<Record<string, string | undefined>> }) {
  const count = Object.values(errors).filter(Boolean).length;
  const box = useRef<HTMLDivElement>(null);
  const shown = count > 0;
  useEffect(() => {
    if (shown) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={box} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {formSummary(count)}
    </div>
  );
}
