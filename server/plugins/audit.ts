/**
 * The audit trail's request side: every request runs in an audit context
 * (server/store/audit.ts), so the repositories can say who made a change, in which account,
 * through which route, without any route passing it on. And the trail's retention:
 * LAMP_AUDIT_DAYS, pruned at start and then daily.
 *
 * The context is entered in onRequest and again in preValidation, as the sandbox's is
 * (server/sandbox/plugin.ts): a request body is read from the socket's events, outside it.
 * Reads skip it, except the GET routes that change data (the spec's shapes: a login link that
 * confirms a new e-mail address, Spotlight onboarding), which say so in their config.
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { hookList } from '../route-hooks.ts';
import { asServerWork } from '../store/database.ts';
import { AUDIT_RESOURCE, hasAuditTrail, runAudited, type AuditRequest } from '../store/audit.ts';
import { currentSandbox, now } from '../sandbox/context.ts';
import { repeatWhileOpen } from '../sandbox/repeat.ts';
import { DEFAULT_SANDBOX } from '../sandbox/scope.ts';
import { namedPlugin } from './named.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes data: its writes are recorded as any write's are. A route refused to
     * other sites (sameSiteOnly, server/plugins/access.ts) is one already and need not say so.
     */
    changesState?: boolean;
  }
  interface FastifyRequest {
    /**
     * Who acts when nobody is signed in: the user whose e-mailed link the request follows (a
     * login or reset link), set by its route once the link is checked.
     */
    linkUser: { id: string; email: string; account: string } | null;
  }
}

/** What the request says about its writes, read at the moment of each write. */
function describe(request: FastifyRequest): () => AuditRequest {
  return () => {
    // A Spotlight call carries its user and company's account in its own context (its guard).
    const user = request.user ?? request.spotlight?.user ?? request.linkUser;
    return {
      actor: user && { id: user.id, email: user.email, account: user.account },
      selectedAccount: request.access?.account.id ?? request.spotlight?.account.id ?? null,
      route: request.routeOptions.url ?? request.url,
      method: request.method,
      requestId: request.id,
      clientAddress: request.ip,
    };
  };
}

/** Removes the records older than `days` from the running code's trail; how many went. */
export async function pruneAuditTrail(app: FastifyInstance, days: number): Promise<number> {
  if (currentSandbox() === DEFAULT_SANDBOX && !hasAuditTrail(app.db)) return 0;
  const trail = app.repositories.collection(AUDIT_RESOURCE, 'account?');
  const cutoff = new Date(now() - days * DAY_MS).toISOString();
  const old = trail
    .all()
    .filter((row) => String(row.at) < cutoff)
    .map((row) => row.id);
  // The retention's own work: not a change of the demo's data (the seed record stays as it was).
  return old.length === 0 ? 0 : (await asServerWork(() => trail.removeMany(old))).length;
}

export async function auditTrail(app: FastifyInstance) {
  app.decorateRequest('linkUser', null);
  // Reads write nothing a person changed: they skip the context (most requests are reads).
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void) =>
    READS.has(request.method) ? done() : runAudited(describe(request), done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
  // A GET that writes enters the context in its own hook, so other reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config;
    if (!methods.some((method) => READS.has(method)) || !(config?.changesState || config?.sameSiteOnly)) return;
    const audited: preValidationHookHandler = (request, _reply, done) =>
      READS.has(request.method) ? runAudited(describe(request), done) : done();
    route.preValidation = [audited, ...hookList(route.preValidation)];
  });

  const days = app.config.auditDays;
  const pruned = await pruneAuditTrail(app, days);
  if (pruned > 0) app.log.info(`pruned ${pruned} audit records older than ${days} days`);
  repeatWhileOpen(app, DAY_MS, () => {
    pruneAuditTrail(app, days).catch((error: unknown) => app.log.error(error, 'pruning the audit trail failed'));
  });
}

/** After access control (the actor and the account it decided) and the test-traffic hooks; before any route. */
export const auditTrailPlugin = namedPlugin(
  'lamp-audit',
  ['lamp-store', 'lamp-sandboxes', 'lamp-access', 'lamp-test-traffic'],
  auditTrail,
);
