import zxcvbn from 'zxcvbn';
import { MIN_PASSWORD_SCORE } from '../../src/shared/constants.ts';

/**
 * The server's own strength check (spec §9: score at least 2 of 0-4), with the same zxcvbn the
 * browser's meter uses, so a client that skips the meter cannot set a weak password. The user's
 * own name and e-mail count as guessable words.
 */
export function passwordScore(password: string, userInputs: string[] = []): number {
  // zxcvbn's cost grows with length; nothing past 256 characters changes the verdict.
  return zxcvbn(password.slice(0, 256), userInputs.filter(Boolean)).score;
}

export function isStrongEnough(password: string, userInputs: string[] = []): boolean {
  return passwordScore(password, userInputs) >= MIN_PASSWORD_SCORE;
}
