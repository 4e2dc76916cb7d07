/**
 * A sandbox's clock: it starts where the mode puts it (test mode: the fixtures' moment or
 * LAMP_TEST_CLOCK, running on from there; demo mode: real time), and can be set to a moment
 * (running on from it) or frozen at one. Everything that depends on now reads it through server/sandbox/context.ts:
 * sessions, link expiry, relative dates ('last 7 days'), import progress, Spotlight tokens and
 * the timestamps of new rows.
 */
import type { Clock } from './context.ts';

export interface ClockSetting {
  /** The moment the clock reads now (ISO); null: real time, or (frozen) the current reading. */
  now: string | null;
  /** Stopped at that moment, or running on from it. */
  frozen: boolean;
}

export interface ClockState {
  now: string;
  frozen: boolean;
  /** Following the machine's time: neither set nor frozen (demo mode's default, and LAMP_TEST_CLOCK=real). */
  real: boolean;
}

export class SandboxClock implements Clock {
  #offsetMs = 0;
  #frozenAt: number | null = null;
  readonly #realNow: () => number;

  /**
   * `start`: the moment the clock reads when made (epoch ms, running on), null for real time.
   * Date.now is read at each call, not captured: tests that fake Date (vi.useFakeTimers) move
   * this clock too.
   */
  constructor(start: number | null = null, realNow: () => number = () => Date.now()) {
    this.#realNow = realNow;
    if (start !== null) this.#offsetMs = start - this.#realNow();
  }

  now(): number {
    return this.#frozenAt ?? this.#realNow() + this.#offsetMs;
  }

  set(setting: ClockSetting): void {
    const at = setting.now === null ? null : Date.parse(setting.now);
    if (setting.frozen) {
      this.#frozenAt = at ?? this.now();
      this.#offsetMs = 0;
    } else {
      this.#frozenAt = null;
      this.#offsetMs = at === null ? 0 : at - this.#realNow();
    }
  }

  /** Following the machine's time. Read on every API request: no reading is formatted for it. */
  get real(): boolean {
    return this.#frozenAt === null && this.#offsetMs === 0;
  }

  state(): ClockState {
    return { now: new Date(this.now()).toISOString(), frozen: this.#frozenAt !== null, real: this.real };
  }
}
