import { strengthLevel } from '../../../../shared/auth-forms.ts';
import type { CheckerState } from './useStrength.ts';

const BAR_COLOURS = ['bg-slate-300', 'bg-red-600', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'] as const;

/**
 * The strength meter under a new password (spec §4): a bar of 0, 1/4, 1/2, 3/4 or full width and
 * the texts 'too short', 'weak', 'ok', 'good', 'strong'.
 */
export function StrengthMeter({
  id,
  password,
  score,
  checker,
}: {
  id: string;
  password: string;
  score: number | null;
  checker: CheckerState;
}) {
  if (checker.status === 'timeout') {
    return (
      <p id={id} className="mt-2 text-sm text-red-700" data-testid="strength-meter">
        {checker.message}
      </p>
    );
  }
  const level = strengthLevel(password, score ?? 0);
  const label = checker.status === 'loading' && password.length >= 3 ? 'checking…' : level.label;
  return (
    <div id={id} className="mt-2" data-testid="strength-meter" data-level={level.level}>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div
          data-testid="strength-bar"
          className={`h-full rounded-full transition-[width] duration-300 ${BAR_COLOURS[level.level]}`}
          style={{ width: `${level.width * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        Password strength:{' '}
        <span className="font-semibold text-slate-800" data-testid="strength-label">
          {label}
        </span>
      </p>
    </div>
  );
}
