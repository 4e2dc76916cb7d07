/**
 * Sandboxes in an app: every request works in the sandbox it names (the X-Lamp-Sandbox
 * header, else the lamp_sandbox cookie; server/sandbox/scope.ts), or in the default state.
 *
 * An onRequest hook, registered before any other that reads data (the session check), resolves
 * the name (400 for a bad one), makes the sandbox on first use (429 past the limit) and runs the
 * rest of the request in its context (server/sandbox/context.ts). A preValidation hook enters the
 * context again: a request body is read from the socket's events, which run outside it.
 *
 * Demo and test modes only: in production no hook is installed, the header and the cookie mean
 * nothing, and every request works in the one state.
 */
import { namedPlugin } from '../plugins/named.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDemoLike } from '../config.ts';
import { CLOCK_HEADER } from '../../src/shared/http-headers.ts';
import { badRequest } from '../http-errors.ts';
import { inSandboxContext, runInSandbox, type SandboxContext } from './context.ts';
import { SandboxClock } from './clock.ts';
import { SandboxRegistry } from './registry.ts';
import { repeatWhileOpen } from './repeat.ts';
import { DEFAULT_SANDBOX, sandboxNameOf } from './scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandboxes and their limits (server/sandbox/registry.ts). */
    sandboxes: SandboxRegistry;
    /** Each sandbox's clock, the default state's included (server/sandbox/clock.ts). */
    sandboxClock(name: string): SandboxClock;
    /** Runs work outside a request (a timer's) in a sandbox, on its clock. */
    inSandbox<T>(name: string, fn: () => T): T;
  }
  interface FastifyRequest {
    /** The sandbox this request works in: DEFAULT_SANDBOX when it names none. */
    sandbox: string;
  }
}

export const BAD_SANDBOX_NAME =
  'X-Lamp-Sandbox: a sandbox name has 1 to 64 letters, digits, dots, dashes or underscores';

export function sandboxes(app: FastifyInstance) {
  const { config, sandboxScope: scope } = app;
  const registry = new SandboxRegistry(scope, {
    maxSandboxes: config.maxSandboxes,
    maxPerClient: config.maxSandboxesPerClient,
    idleMs: config.sandboxIdleMinutes * 60_000,
  });
  app.decorate('sandboxes', registry);
  // Test mode starts every clock (and a reset puts it back) at the fixtures' moment or
  // LAMP_TEST_CLOCK's; demo mode on the machine's time, as its data is retold on today.
  const clocks = scope.perSandbox(() => new SandboxClock(config.testClock));
  app.decorate('sandboxClock', (name: string) => clocks.get(name));
  app.decorateRequest('sandbox', DEFAULT_SANDBOX);
  // The clock is looked up at each reading, so a reset (which forgets the clock) takes effect
  // for requests already under way. One context per sandbox, made once (every request enters it)
  // and forgotten with the sandbox.
  const contexts = scope.perSandbox((name): SandboxContext => ({ name, clock: { now: () => clocks.get(name).now() } }));
  const contextOf = (name: string) => contexts.get(name);
  app.decorate('inSandbox', <T>(name: string, fn: () => T): T => runInSandbox(contextOf(name), fn));
  if (!isDemoLike(config)) return;

  app.addHook('onRequest', (request, reply, done) => {
    const name = sandboxNameOf(request);
    if (name === null) return done(badRequest(BAD_SANDBOX_NAME));
    try {
      // The client is its address (behind a proxy, the forwarded one: LAMP_TRUST_PROXY).
      registry.use(name, request.ip);
    } catch (error) {
      return done(error as Error);
    }
    request.sandbox = name;
    // The pages date relative ranges ('last 7 days') by the server's clock, not the browser's
    // (src/lib/server-clock.ts): an API answer says what it reads when it is not the real time.
    if (request.url.startsWith('/api/')) {
      const clock = clocks.get(name);
      if (!clock.real) void reply.header(CLOCK_HEADER, new Date(clock.now()).toISOString());
    }
    runInSandbox(contextOf(name), done);
  });
  // A body is read from the socket's events, outside the context onRequest entered: enter it again
  // before the handler. A request without a body is still in it (entering costs ~4 µs a request).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    inSandboxContext(contextOf(request.sandbox), done);
  });

  // Idle sandboxes go even when nobody creates a new one.
  repeatWhileOpen(app, Math.min(60_000, config.sandboxIdleMinutes * 60_000), () => registry.dropIdle());
}

/**
 * Before any hook that reads data: each request works in the sandbox it names (it reads the
 * sandbox cookie). After the security headers and CORS, so that its refusals (400, 429) carry
 * their headers too.
 */
export const sandboxesPlugin = namedPlugin(
  'lamp-sandboxes',
  ['lamp-store', '@fastify/cookie', 'lamp-security-headers', 'lamp-cors'],
  sandboxes,
);
