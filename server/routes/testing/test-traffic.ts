/**
 * Faults and the request journal of the request's sandbox (demo and test modes only,
 * test control: 404 in production). The sandbox is the one the request names (X-Lamp-Sandbox,
 * else the lamp_sandbox cookie, else the default one), as for every other request.
 *
 *   POST   /api/v1/testing/faults        adds a rule; answers it with its id
 *   GET    /api/v1/testing/faults        the rules, oldest first, with how often each applied
 *   DELETE /api/v1/testing/faults        removes every rule
 *   DELETE /api/v1/testing/faults/{id}   removes one rule (404 when the sandbox has none by that id)
 *   GET    /api/v1/testing/journal       what reached the API, oldest first
 *                                         (?method=&path=&since=&query=&header=&body=)
 *   GET    /api/v1/testing/journal/count how many requests the same filters keep
 *   DELETE /api/v1/testing/journal       forgets the journal
 *
 * Rules, matching and the Prefer header: server/sandbox/faults.ts; the journal:
 * server/sandbox/journal.ts; the hooks that apply both: server/plugins/test-traffic.ts.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { errorResponse } from '../../../src/shared/schemas/index.ts';
import {
  MAX_FAULT_DELAY_MS,
  PREFER_TOKENS,
  type JournalQuerySchema,
} from '../../../src/shared/schemas/test-traffic.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import type { JournalFilter } from '../../sandbox/journal.ts';
import { carriedMatcher } from '../../sandbox/journal-match.ts';
import { SANDBOX_COOKIE, SANDBOX_HEADER, sandboxNameOf } from '../../sandbox/scope.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The sandbox a testing request works on; 400 for an invalid name. */
export function sandboxOf(request: FastifyRequest): string {
  const name = sandboxNameOf(request);
  if (name === null)
    throw badRequest(
      `${SANDBOX_HEADER}: a sandbox name is 1 to 64 letters, digits, '.', '_' or '-' (header ${SANDBOX_HEADER} or cookie ${SANDBOX_COOKIE})`,
    );
  return name;
}

export function testTrafficRoutes(app: FastifyInstance): void {
  const traffic = app.testTraffic;
  if (!traffic) return;

  routeFrom(
    app,
    endpoints.addFault,
    {
      description: `In the request's sandbox. Matches requests by method and path pattern (a glob: * within a segment, ** across segments; testing routes never), then delays them (ms, fixed or {min, max} up to ${MAX_FAULT_DELAY_MS}), answers a status (with the given JSON body, or the API's error body), or drops the connection; for the first \`times\` matches (every one without it), each with \`probability\`, drawn from the rule's own random numbers seeded by \`seed\` (deterministic). The newest matching rule applies. A single request can carry a one-off fault instead: Prefer: ${PREFER_TOKENS.join(', ')} (e.g. Prefer: lamp-status=503, lamp-delay=200).`,
    },
    async (request, reply) => {
      const rule = traffic.faults.get(sandboxOf(request)).add(request.body);
      return reply.code(201).send(rule);
    },
  );

  routeFrom(app, endpoints.listFaults, {}, (request) => {
    const data = traffic.faults.get(sandboxOf(request)).list();
    return { data, count: data.length };
  });

  routeFrom(app, endpoints.clearFaults, {}, async (request, reply) => {
    traffic.faults.get(sandboxOf(request)).clear();
    return reply.code(204).send(null);
  });

  routeFrom(app, endpoints.removeFault, { responses: { 404: errorResponse } }, async (request, reply) => {
    if (!traffic.faults.get(sandboxOf(request)).remove(request.params.id))
      throw notFound(`No fault rule ${request.params.id} in this sandbox`);
    return reply.code(204).send(null);
  });

  const filterOf = (query: z.output<typeof JournalQuerySchema>): JournalFilter => ({
    methods: query.method,
    path: query.path,
    sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
    matches: carriedMatcher(query) ?? undefined,
  });

  routeFrom(
    app,
    endpoints.journal,
    {
      description:
        "The requests of the request's sandbox, oldest first (testing routes are not recorded): method, path, query, headers (cookies, authorization, the test-control token and headers named like password, secret or token redacted), status, duration, and a write's body with password, secret and token fields redacted. Filters, all of which must hold: method (comma-separated), path (a glob pattern), since (ISO 8601), query (a query string whose parameters the request carried), header (name: value, or a name that is present) and body (JSON the body contains: an object's fields recursively, other values equal). The journal keeps the newest LAMP_JOURNAL_LIMIT requests; dropped counts those it let go.",
    },
    (request) => {
      const journal = traffic.journals.get(sandboxOf(request));
      const data = journal.list(filterOf(request.query));
      return { data, count: data.length, dropped: journal.dropped, limit: journal.limit };
    },
  );

  routeFrom(
    app,
    endpoints.journalCount,
    { description: 'The number of journal entries the same filters as GET /api/v1/testing/journal keep.' },
    (request) => ({ count: traffic.journals.get(sandboxOf(request)).count(filterOf(request.query)) }),
  );

  routeFrom(app, endpoints.clearJournal, {}, async (request, reply) => {
    traffic.journals.get(sandboxOf(request)).clear();
    return reply.code(204).send(null);
  });
}

export const testTrafficRoutesPlugin = routePlugin('test-traffic', testTrafficRoutes);
