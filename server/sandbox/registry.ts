/**
 * The sandboxes of one app: made on first use, listed, reset, deleted, and dropped
 * once idle. Their state lives where each piece keeps it (server/sandbox/scope.ts): the
 * repositories' copy-on-write rows, the clock, the login throttle, the journal and the faults;
 * the sessions live here, because a reset keeps them (as the default state's reset does: a
 * signed-in test can reset and go on) and only deleting or dropping a sandbox ends them.
 *
 * Sandboxes are memory only: never written to the data file, gone at a restart.
 */
import type { StoredSession } from '../store/database.ts';
import { HttpError } from '../http-errors.ts';
import { DEFAULT_SANDBOX, type SandboxScope } from './scope.ts';
import type { Sandbox } from '../../src/shared/schemas/sandbox.ts';

export interface SandboxLimits {
  /** How many sandboxes may exist at once (the default state not counted). */
  maxSandboxes: number;
  /** How many of them one client (the address that made them) may hold; unset: no cap of its own. */
  maxPerClient?: number;
  /** A sandbox unused this long is dropped. */
  idleMs: number;
}

interface Entry {
  readonly name: string;
  readonly createdAt: number;
  /** The client that made it (its address), for the cap per client. */
  readonly client: string;
  lastUsedAt: number;
  /** Sessions by hashed id (server/plugins/session.ts), kept across a reset. */
  readonly sessions: Record<string, StoredSession>;
}

export class SandboxRegistry {
  readonly limits: SandboxLimits;
  readonly #scope: SandboxScope;
  readonly #entries = new Map<string, Entry>();
  readonly #realNow: () => number;

  constructor(scope: SandboxScope, limits: SandboxLimits, realNow: () => number = Date.now) {
    this.#scope = scope;
    this.limits = limits;
    this.#realNow = realNow;
    // State is kept only for sandboxes that exist: a request refused here (429), or one still
    // running when its sandbox is deleted, leaves nothing behind.
    scope.keepOnly((name) => name === DEFAULT_SANDBOX || this.#entries.has(name));
  }

  /**
   * The sandbox of a request: marks it used, and makes it on first use for `client` (429 past the
   * limit, or past the client's own cap). Any client may use a sandbox once it exists.
   */
  use(name: string, client = 'unknown'): void {
    if (name === DEFAULT_SANDBOX) return;
    const now = this.#realNow();
    const entry = this.#entries.get(name);
    if (entry) {
      entry.lastUsedAt = now;
      return;
    }
    const cap = this.limits.maxPerClient ?? Infinity;
    if (this.#entries.size >= this.limits.maxSandboxes || this.#heldBy(client) >= cap) this.dropIdle();
    if (this.#entries.size >= this.limits.maxSandboxes) throw this.#full();
    if (this.#heldBy(client) >= cap) throw this.#clientFull(client, cap);
    // A name used before (then dropped) may still have pieces a late request made: start clean.
    this.#scope.forget(name);
    this.#entries.set(name, { name, createdAt: now, client, lastUsedAt: now, sessions: {} });
  }

  #heldBy(client: string): number {
    let held = 0;
    for (const entry of this.#entries.values()) if (entry.client === client) held += 1;
    return held;
  }

  #full(): HttpError {
    const { maxSandboxes, idleMs } = this.limits;
    return new HttpError(
      429,
      `Too many sandboxes: at most ${maxSandboxes} may exist at once. Delete one you no longer need ` +
        `(DELETE /api/v1/testing/sandboxes/{name}), or wait until one has been idle for ${idleMs / 60_000} minutes.`,
      { 'retry-after': String(Math.ceil(this.#nextIdleInMs() / 1000)) },
    );
  }

  #clientFull(client: string, cap: number): HttpError {
    const { maxSandboxes, idleMs } = this.limits;
    return new HttpError(
      429,
      `Too many sandboxes for one client: ${client} already holds ${cap}, the most one client may hold of the ` +
        `${maxSandboxes} (LAMP_MAX_SANDBOXES_PER_CLIENT). Delete one you no longer need ` +
        `(DELETE /api/v1/testing/sandboxes/{name}), wait until one has been idle for ${idleMs / 60_000} minutes, ` +
        'or raise LAMP_MAX_SANDBOXES_PER_CLIENT (below LAMP_MAX_SANDBOXES).',
      { 'retry-after': String(Math.ceil(this.#nextIdleInMs(client) / 1000)) },
    );
  }

  /** How long until the least recently used sandbox (of `client`, if given) becomes idle. */
  #nextIdleInMs(client?: string): number {
    let oldest = Infinity;
    for (const entry of this.#entries.values())
      if (client === undefined || entry.client === client) oldest = Math.min(oldest, entry.lastUsedAt);
    return Math.max(0, oldest + this.limits.idleMs - this.#realNow());
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** Every sandbox, the most recently created last. */
  list(): Sandbox[] {
    return [...this.#entries.values()].map((entry) => ({
      name: entry.name,
      created_at: new Date(entry.createdAt).toISOString(),
      last_used_at: new Date(entry.lastUsedAt).toISOString(),
    }));
  }

  describe(name: string): Sandbox | null {
    return this.list().find((sandbox) => sandbox.name === name) ?? null;
  }

  /** A sandbox's sessions, or null for the default state (whose sessions are in the data file). */
  sessions(name: string): Record<string, StoredSession> | null {
    return this.#entries.get(name)?.sessions ?? null;
  }

  /** Back to the fixtures, the real clock and no journal or faults; its sessions stay. */
  reset(name: string): void {
    this.#scope.forget(name);
  }

  /** Forgets a sandbox and everything in it. False when there was none of that name. */
  delete(name: string): boolean {
    if (!this.#entries.delete(name)) return false;
    this.#scope.forget(name);
    return true;
  }

  /** Drops every sandbox unused for the idle time; returns their names. */
  dropIdle(): string[] {
    const cutoff = this.#realNow() - this.limits.idleMs;
    const dropped = [...this.#entries.values()].filter((entry) => entry.lastUsedAt <= cutoff).map(({ name }) => name);
    for (const name of dropped) this.delete(name);
    return dropped;
  }

  get size(): number {
    return this.#entries.size;
  }
}
