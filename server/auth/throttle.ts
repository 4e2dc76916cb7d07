/**
 * Login throttling: failures are counted per e-mail+address, per address, and per e-mail over all
 * addresses, in a sliding window. A key that reached its limit waits until its oldest counted
 * failure leaves the window, so a lock never outlasts the window (15 minutes), and a user signing
 * in from their own address is only held up by a distributed attack on their e-mail.
 *
 * The per-address limit is proportionate: it holds only accounts that have failures of their own
 * in the window. Behind a proxy, or in one office, many users share an address, and a correct
 * password for an account nobody has guessed at must never be stopped by the others' failures.
 * Against password spraying (one guess at each of many accounts) the address has a ceiling of its
 * own: past `perAddressCeiling` failures in the window, every sign-in from it waits, whatever the
 * account. An office whose people mistype forty times in a quarter of an hour is rare; an address
 * that guesses at sixty accounts in a minute is not an office.
 */
export interface ThrottleLimits {
  windowMs: number;
  perEmailAndAddress: number;
  perAddress: number;
  /** Failures from one address after which every account waits (spraying), not only failed ones. */
  perAddressCeiling: number;
  perEmail: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  perEmailAndAddress: 5,
  perAddress: 30,
  perAddressCeiling: 40,
  perEmail: 50,
};

export class LoginThrottle {
  readonly #store: () => Map<string, number[]>;
  readonly #limits: ThrottleLimits;
  readonly #now: () => number;

  /**
   * `failures` returns the table of failures to use now: one per test sandbox, so a
   * sandbox's failed sign-ins never hold up another's.
   */
  constructor(
    limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    now: () => number = Date.now,
    failures?: () => Map<string, number[]>,
  ) {
    this.#limits = limits;
    this.#now = now;
    const own = new Map<string, number[]>();
    this.#store = failures ?? (() => own);
  }

  get #failures(): Map<string, number[]> {
    return this.#store();
  }

  #keys(email: string, address: string): [string, number][] {
    return [
      [`ea:${email}\u0000${address}`, this.#limits.perEmailAndAddress],
      [`a:${address}`, this.#limits.perAddress],
      [`e:${email}`, this.#limits.perEmail],
    ];
  }

  #recent(key: string, now: number): number[] {
    const list = (this.#failures.get(key) ?? []).filter((time) => now - time < this.#limits.windowMs);
    if (list.length) this.#failures.set(key, list);
    else this.#failures.delete(key);
    return list;
  }

  /** Milliseconds to wait before another attempt, or 0 when one may be made now. */
  retryAfterMs(email: string, address: string): number {
    const now = this.#now();
    let wait = 0;
    const accountHasFailures = this.#recent(`e:${email}`, now).length > 0;
    for (const [key, ownLimit] of this.#keys(email, address)) {
      // The per-address limit holds an account with failures of its own; the ceiling holds every one.
      const limit = key.startsWith('a:') && !accountHasFailures ? this.#limits.perAddressCeiling : ownLimit;
      const recent = this.#recent(key, now);
      if (recent.length >= limit) {
        const oldest = recent[recent.length - limit] ?? now;
        wait = Math.max(wait, oldest + this.#limits.windowMs - now);
      }
    }
    return wait;
  }

  fail(email: string, address: string) {
    const now = this.#now();
    for (const [key, limit] of this.#keys(email, address)) {
      const recent = this.#recent(key, now);
      recent.push(now);
      // Only the newest `limit` failures matter (the address keeps enough for its ceiling too).
      const kept = key.startsWith('a:') ? Math.max(limit, this.#limits.perAddressCeiling) : limit;
      this.#failures.set(key, recent.slice(-kept));
    }
  }

  /** A successful sign-in clears that e-mail's failures from that address. */
  succeed(email: string, address: string) {
    this.#failures.delete(`ea:${email}\u0000${address}`);
  }

  clear() {
    this.#failures.clear();
  }
}
