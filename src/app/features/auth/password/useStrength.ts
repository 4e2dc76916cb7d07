import { useEffect, useState } from 'react';
import { showAlert } from '../../../../stores/alerts.ts';
import { loadZxcvbn, type Zxcvbn } from './zxcvbn-loader.ts';

export type CheckerState =
  { status: 'loading' } | { status: 'ready'; zxcvbn: Zxcvbn } | { status: 'timeout'; message: string };

/** Starts loading zxcvbn when a password form mounts; a time-out raises an error alert once. */
export function useStrengthChecker(): CheckerState {
  const [state, setState] = useState<CheckerState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    loadZxcvbn().then(
      (zxcvbn) => active && setState({ status: 'ready', zxcvbn }),
      (error: Error) => {
        if (!active) return;
        setState({ status: 'timeout', message: error.message });
        showAlert('error', error.message);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** zxcvbn's score of the password, or null while the checker is not there. */
export function scoreOf(checker: CheckerState, password: string, userInputs: string[] = []): number | null {
  if (checker.status !== 'ready') return null;
  if (password === '') return 0;
  return checker.zxcvbn(password.slice(0, 256), userInputs.filter(Boolean)).score;
}
