/**
 * Alerts (spec §3 "Alert", §4): success or error, shown at bottom-left, each closing itself after
 * its timeout in seconds and sliding out over 500 ms.
 */
import { atom } from 'nanostores';
import { ALERT_SLIDE_MS } from '../shared/constants.ts';
import { errorAlertText } from '../shared/messages.ts';
import { isConflict } from '../lib/api.ts';

export type AlertType = 'success' | 'error';

export interface Alert {
  id: number;
  type: AlertType;
  message: string;
  /** Seconds until it closes itself. */
  timeout: number;
  /** True while it slides out. */
  leaving: boolean;
}

export const DEFAULT_ALERT_TIMEOUT_S = 5;

export const $alerts = atom<readonly Alert[]>([]);
let nextId = 1;

/**
 * Shows an alert. The same message already on screen is not stacked again: two parts of a page
 * failing on one call (say, the shell following a record's account and the page loading it)
 * should read as one problem, not two.
 */
export function showAlert(type: AlertType, message: string, timeout = DEFAULT_ALERT_TIMEOUT_S): number {
  const shown = $alerts.get().find((a) => !a.leaving && a.type === type && a.message === message);
  if (shown) return shown.id;
  const id = nextId++;
  $alerts.set([...$alerts.get(), { id, type, message, timeout, leaving: false }]);
  if (timeout > 0) setTimeout(() => dismissAlert(id), timeout * 1000);
  return id;
}

export const showSuccess = (message: string, timeout?: number) => showAlert('success', message, timeout);

/**
 * An error alert for a failed call (spec §8): the server's message, else its error field, else the
 * fallback, else 'An unexpected error occurred'.
 */
export function showError(error: unknown, fallback?: string, timeout?: number): number {
  // A conflict the person already answered in the conflict dialog (lib/api.ts) needs no alert too.
  if (isConflict(error) && error.choice) return 0;
  const body = error && typeof error === 'object' && 'body' in error ? error.body : null;
  const message =
    body != null ? errorAlertText(body, fallback) : typeof error === 'string' ? error : errorAlertText(null, fallback);
  return showAlert('error', message, timeout);
}

/** Starts the slide-out, then removes the alert after 500 ms. */
export function dismissAlert(id: number): void {
  const alert = $alerts.get().find((a) => a.id === id);
  if (!alert || alert.leaving) return;
  $alerts.set($alerts.get().map((a) => (a.id === id ? { ...a, leaving: true } : a)));
  setTimeout(() => $alerts.set($alerts.get().filter((a) => a.id !== id)), ALERT_SLIDE_MS);
}
