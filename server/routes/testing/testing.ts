/**
 * Test control (demo and test modes only; 404 in production). Every route works on the sandbox
 * the request names (X-Lamp-Sandbox or the lamp_sandbox cookie), or the default state.
 *
 *   POST   /api/v1/testing/reset                      the request's sandbox back to the fixtures
 *   GET    /api/v1/testing/sandboxes                  the sandboxes, with the limits
 *   DELETE /api/v1/testing/sandboxes/{name}           forgets a sandbox and everything in it
 *   POST   /api/v1/testing/sandboxes/{name}/reset     resets one (made if missing)
 *   POST   /api/v1/testing/sandboxes/{name}/attach    sets the lamp_sandbox cookie (a browser)
 *   GET    /api/v1/testing/clock                      the request's sandbox's clock
 *   PUT    /api/v1/testing/clock                      sets it: {now: ISO | null, frozen}
 *
 * A reset restores every collection to the fixtures, forgets the login throttle and whatever else
 * the sandbox kept per sandbox (the journal, the faults, the outbox), puts the clock back where the
 * mode starts it (or where the body says); sessions survive (the personas' ids are stable), so a
 * signed-in test can reset and go on.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { errorResponse } from '../../../src/shared/schemas/index.ts';
import type { z } from 'zod';
import type { ClockAnswer, ResetBodySchema, Sandbox } from '../../../src/shared/schemas/sandbox.ts';
import { isDemoLike } from '../../config.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import { DEFAULT_SANDBOX, SANDBOX_COOKIE } from '../../sandbox/scope.ts';
import { routeFrom } from '../endpoint-route.ts';
import { schedulePass } from '../reports/report-schedule-runner.ts';

export function testingRoutes(app: FastifyInstance) {
  if (!isDemoLike(app.config)) return;

  /**
   * A sandbox (or the default state) back to the fixtures, its clock where the mode starts it or
   * where the body puts it; its sessions stay.
   */
  const resetSandbox = async (name: string, body: z.output<typeof ResetBodySchema>) => {
    if (name === DEFAULT_SANDBOX) await app.db.reset();
    app.sandboxes.reset(name);
    if (body?.clock) app.sandboxClock(name).set(body.clock);
  };

  routeFrom(
    app,
    endpoints.resetState,
    {
      description:
        "Restores the request's sandbox (X-Lamp-Sandbox or the lamp_sandbox cookie; the default state " +
        'without one) to the fixtures, with no login throttling, journal, faults or outbox, and its clock back at ' +
        "the mode's start (test mode: the fixtures' moment, 2026-11-01T09:00:00Z, or LAMP_TEST_CLOCK; demo mode: " +
        "the real time) or where the optional body's clock puts it. Sessions stay.",
      responses: { 400: errorResponse },
    },
    async (request) => {
      await resetSandbox(request.sandbox, request.body);
      return { success: true as const };
    },
  );

  routeFrom(
    app,
    endpoints.listSandboxes,
    { description: 'The test sandboxes (the default state is not one), with the limits.' },
    () => {
      const data = app.sandboxes.list();
      const { maxSandboxes, maxPerClient, idleMs } = app.sandboxes.limits;
      const limits = {
        max_sandboxes: maxSandboxes,
        max_sandboxes_per_client: maxPerClient ?? maxSandboxes,
        idle_minutes: idleMs / 60_000,
      };
      return { data, count: data.length, limits };
    },
  );

  const named = (name: string, verb: string) => {
    if (name === DEFAULT_SANDBOX) throw badRequest(`name: the default state cannot be ${verb}`);
    return name;
  };

  routeFrom(
    app,
    endpoints.deleteSandbox,
    {
      description: 'Forgets a sandbox: its data, sessions, clock, journal and faults.',
      responses: { 400: errorResponse, 404: errorResponse },
    },
    async (request, reply) => {
      const name = named(request.params.name, 'deleted; reset it instead');
      if (!app.sandboxes.delete(name)) throw notFound(`No sandbox is named ${name}`);
      return reply.code(204).send(null);
    },
  );

  const describe = (name: string): Sandbox => {
    const sandbox = app.sandboxes.describe(name);
    if (!sandbox) throw notFound(`No sandbox is named ${name}`);
    return sandbox;
  };

  routeFrom(
    app,
    endpoints.resetSandbox,
    {
      description:
        'Restores a sandbox to the fixtures (made if it does not exist yet), with no login throttling, journal, ' +
        "faults or outbox, and its clock back at the mode's start or where the optional body's clock puts it. " +
        'Its sessions stay. 429 when a new one would pass the limit, or the client’s own.',
      responses: { 400: errorResponse, 429: errorResponse },
    },
    async (request) => {
      const name = named(request.params.name, 'reset here; use POST /api/v1/testing/reset');
      app.sandboxes.use(name, request.ip);
      await resetSandbox(name, request.body);
      return describe(name);
    },
  );

  routeFrom(
    app,
    endpoints.attachSandbox,
    {
      description:
        'Sets the lamp_sandbox cookie, so a browser works in this sandbox from its next request on ' +
        '(made on first use). Attaching "default" clears the cookie. 429 when a new one would pass the limit, or the client’s own.',
      responses: { 400: errorResponse, 429: errorResponse },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (name === DEFAULT_SANDBOX) {
        setSandboxCookie(reply, '', 0);
        const now = new Date().toISOString();
        return { name, created_at: now, last_used_at: now };
      }
      app.sandboxes.use(name, request.ip);
      setSandboxCookie(reply, name, app.sandboxes.limits.idleMs / 1000);
      return describe(name);
    },
  );

  const clockOf = (name: string): ClockAnswer => ({ sandbox: name, ...app.sandboxClock(name).state() });

  routeFrom(
    app,
    endpoints.readClock,
    { description: "The clock of the request's sandbox (or of the default state)." },
    (request) => clockOf(request.sandbox),
  );

  routeFrom(
    app,
    endpoints.setClock,
    {
      description:
        "Sets the clock of the request's sandbox: now (ISO) and frozen (stopped there) or not (running on " +
        'from it); now: null is the real time (frozen: stopped at the current reading). It governs sessions, ' +
        "link expiry, relative dates ('last 7 days'), import progress, Spotlight tokens and new rows' timestamps. " +
        "Scheduled reports that fall due by the new time are delivered before the answer. A reset puts the clock back at the mode's start.",
      responses: { 400: errorResponse },
    },
    async (request) => {
      app.sandboxClock(request.sandbox).set(request.body);
      // What fell due meanwhile happens now (scheduled reports), so a test need not wait for a timer.
      await schedulePass(app);
      return clockOf(request.sandbox);
    },
  );
}

/**
 * The sandbox cookie: for the whole site, readable by the server only, Lax like the session
 * cookie; it lasts as long as the sandbox would stay unused (an empty value clears it).
 */
function setSandboxCookie(reply: FastifyReply, value: string, maxAgeSeconds: number) {
  void reply.setCookie(SANDBOX_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: Math.floor(maxAgeSeconds),
    ...(maxAgeSeconds === 0 ? { expires: new Date(0) } : {}),
  });
}

export const testingPlugin = routePlugin('testing', testingRoutes);
