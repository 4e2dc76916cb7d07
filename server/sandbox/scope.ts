/**
 * Which sandbox a request works in, and state kept per sandbox.
 *
 * A test suite isolates its workers by naming a sandbox: the `X-Lamp-Sandbox` header, or (for a
 * browser, which cannot add headers to every request) the `lamp_sandbox` cookie that a testing
 * route sets. Without either, a request works on the default state, as before sandboxes existed.
 *
 * This module is the small contract the sandbox pieces share (the state copies, the journal, the
 * faults, the clock): each keeps its own per-sandbox part with `perSandbox`, and every part is
 * forgotten together when a sandbox is reset or dropped (`SandboxScope.forget`).
 */
import { SANDBOX_COOKIE, SANDBOX_HEADER, SANDBOX_NAME } from '../../src/shared/schemas/sandbox.ts';

// The names are shared with the test client (tests/support) and the OpenAPI document.
export { SANDBOX_COOKIE, SANDBOX_HEADER, SANDBOX_NAME };
export const DEFAULT_SANDBOX = 'default';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  /** The request's cookies, parsed once by @fastify/cookie (app.ts). */
  cookies: Record<string, string | undefined>;
}

/**
 * The sandbox a request names: the header wins over the cookie. Returns null for a name that is
 * not valid (the caller answers 400), and DEFAULT_SANDBOX when none is named.
 */
export function sandboxNameOf(request: RequestLike): string | null {
  const header = request.headers[SANDBOX_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const name = fromHeader ?? request.cookies[SANDBOX_COOKIE];
  if (name === undefined || name === '') return DEFAULT_SANDBOX;
  return SANDBOX_NAME.test(name) ? name : null;
}

/**
 * The per-sandbox pieces of one app (decorated as `app.sandboxes.scope`): each piece of state kept
 * per sandbox registers here, so resetting or dropping a sandbox forgets all of its pieces at once.
 */
export class SandboxScope {
  private readonly forgetters = new Set<(name: string) => void>();
  private readonly holders = new Set<(name: string) => boolean>();
  private isLive: (name: string) => boolean = () => true;

  /**
   * Which names may keep state: the registry's sandboxes and the default state. A piece asked for
   * under any other name (a request that outlived its sandbox's deletion, say) gets a fresh value
   * that is not kept, so nothing grows for a sandbox that no longer exists. Until a registry says
   * otherwise, every name is live.
   */
  keepOnly(isLive: (name: string) => boolean): void {
    this.isLive = isLive;
  }

  /** A piece of state kept per sandbox, made on first use and forgotten with its sandbox. */
  perSandbox<T>(make: (name: string) => T): { get(name: string): T; forget(name: string): void } {
    const byName = new Map<string, T>();
    const forget = (name: string) => void byName.delete(name);
    this.forgetters.add(forget);
    this.holders.add((name) => byName.has(name));
    return {
      get: (name) => {
        let value = byName.get(name);
        if (value === undefined) {
          value = make(name);
          if (this.isLive(name)) byName.set(name, value);
        }
        return value;
      },
      forget,
    };
  }

  /** Whether any piece keeps state for a name (tests: a refused request leaves nothing behind). */
  holds(name: string): boolean {
    for (const has of this.holders) if (has(name)) return true;
    return false;
  }

  /**
   * Calls `listener` whenever a sandbox (or the default state, on its reset) is forgotten: for
   * state kept outside this process's memory, such as a sandbox's uploaded files on disk.
   */
  onForget(listener: (name: string) => void): void {
    this.forgetters.add(listener);
  }

  /** Forgets every per-sandbox piece of a sandbox (on its reset, deletion or idle drop). */
  forget(name: string): void {
    for (const forget of this.forgetters) forget(name);
  }
}
