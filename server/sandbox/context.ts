/**
 * The request context of a sandbox: which sandbox the code running now works in, and
 * its clock. An onRequest hook (server/sandbox/plugin.ts) enters it for each request, and it
 * follows the request through every hook, handler and promise (AsyncLocalStorage), so the
 * repositories, the sessions, the login throttle and the clock pick the request's sandbox without
 * any route knowing about sandboxes.
 *
 * Code that runs outside a request (start-up, a unit test calling a helper) works in the default
 * state, on the real clock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_SANDBOX } from './scope.ts';

/** A sandbox's notion of now, in epoch milliseconds. */
export interface Clock {
  now(): number;
}

export interface SandboxContext {
  readonly name: string;
  readonly clock: Clock;
}

const storage = new AsyncLocalStorage<SandboxContext>();

/** Runs `fn` (and everything it starts) in a sandbox. */
export function runInSandbox<T>(context: SandboxContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Runs `fn` in a sandbox's context, entering it only when the running code is not in it already. */
export function inSandboxContext<T>(context: SandboxContext, fn: () => T): T {
  return storage.getStore() === context ? fn() : storage.run(context, fn);
}

/** The sandbox the running code works in: DEFAULT_SANDBOX outside any request. */
export function currentSandbox(): string {
  return storage.getStore()?.name ?? DEFAULT_SANDBOX;
}

/** Now, in epoch milliseconds, on the clock of the running code's sandbox. */
export function now(): number {
  const context = storage.getStore();
  return context ? context.clock.now() : Date.now();
}

/** Now as a Date, on the sandbox's clock. */
export function nowDate(): Date {
  return new Date(now());
}

/** Now as an ISO timestamp ('2026-11-01T09:00:00.000Z'), on the sandbox's clock: created_at, updated_at. */
export function nowIso(): string {
  return new Date(now()).toISOString();
}

/** Today as a UTC day ('2026-11-01'), on the sandbox's clock: relative dates ('last 7 days'). */
export function todayUtc(): string {
  return nowIso().slice(0, 10);
}
