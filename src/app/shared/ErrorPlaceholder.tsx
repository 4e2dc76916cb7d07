import { useEffect } from 'react';
import { showError } from '../../stores/alerts.ts';
import { ERROR_PLACEHOLDER_ALERT_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';

export interface ErrorPlaceholderProps {
  /** What could not be fetched, e.g. 'measurement'. */
  name: string;
  /** A custom message instead of 'An error occurred fetching the selected {name}'. */
  message?: string;
  /** The failure; its server message goes into the error alert. */
  error?: unknown;
}

/**
 * The generic error placeholder (spec §2): says what failed and raises an error alert with the
 * server's message after 100 ms.
 */
export function ErrorPlaceholder({ name, message, error }: ErrorPlaceholderProps) {
  useEffect(() => {
    const timer = setTimeout(() => showError(error), ERROR_PLACEHOLDER_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [error]);
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">
      <p>{message ?? messages.errors.fetchingSelected(name)}</p>
    </div>
  );
}
