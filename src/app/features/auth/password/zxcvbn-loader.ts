import type zxcvbnType from 'zxcvbn';
import { STRENGTH_SCRIPT_POLL_MS, STRENGTH_SCRIPT_TIMEOUT_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';

export type Zxcvbn = typeof zxcvbnType;

let loaded: Zxcvbn | null = null;
let pending: Promise<Zxcvbn> | null = null;

/**
 * Loads the strength checker lazily (spec §7, §9): the chunk is requested once, and its arrival
 * polled every 100 ms for at most 5000 ms; after that the promise fails with 'Timeout loading
 * zxcvbn'. A later call tries again.
 */
export function loadZxcvbn(): Promise<Zxcvbn> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= new Promise<Zxcvbn>((resolve, reject) => {
    import('./zxcvbn-chunk.ts')
      .then((module) => {
        loaded = module.default;
      })
      .catch(() => {
        // A failed download reads like a slow one: the poll below reports the time-out.
      });
    const started = Date.now();
    const timer = setInterval(() => {
      if (loaded) {
        clearInterval(timer);
        resolve(loaded);
      } else if (Date.now() - started >= STRENGTH_SCRIPT_TIMEOUT_MS) {
        clearInterval(timer);
        pending = null;
        reject(new Error(messages.auth.strengthTimeout));
      }
    }, STRENGTH_SCRIPT_POLL_MS);
  });
  return pending;
}
