import { useStore } from '@nanostores/react';
import { $alerts, dismissAlert } from '../../stores/alerts.ts';
import { ALERT_SLIDE_MS } from '../../shared/constants.ts';

/**
 * The alert stack at bottom-left (spec §2). Errors are announced assertively, successes politely;
 * each alert slides out over 500 ms when it closes.
 */
export function AlertStack() {
  const alerts = useStore($alerts);
  return (
    <div
      aria-label="Alerts"
      role="region"
      className="pointer-events-none fixed bottom-4 left-4 z-[10000] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role={alert.type === 'error' ? 'alert' : 'status'}
          data-type={alert.type}
          style={{ transitionDuration: `${ALERT_SLIDE_MS}ms` }}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg transition-all ${
            alert.type === 'error'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-emerald-200 bg-emerald-50 text-emerald-900'
          } ${alert.leaving ? '-translate-x-[120%] opacity-0' : 'translate-x-0 opacity-100'}`}
        >
          <span aria-hidden="true" className="mt-0.5 font-bold">
            {alert.type === 'error' ? '!' : '✓'}
          </span>
          {/* A long word (a name without spaces) wraps inside the alert instead of running off the screen. */}
          <p className="min-w-0 flex-1 wrap-anywhere">{alert.message}</p>
          <button
            type="button"
            onClick={() => dismissAlert(alert.id)}
            className="-m-1 rounded p-1 text-current opacity-70 hover:opacity-100"
            aria-label="Dismiss alert"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
