import { SandboxScope } from './sandbox/scope.ts';
import { apiNotFound } from './api-not-found.ts';
import { currentSandbox, now } from './sandbox/context.ts';
import { sandboxes } from './sandbox/plugin.ts';
import cookies from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { bootstrapAdmin, type BootstrapAdmin } from './bootstrap-admin.ts';
import { isDemoLike, loadConfig, type Config } from './config.ts';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './auth/throttle.ts';
import { shapingSerializerCompiler } from './response-shape.ts';
import { accessControl } from './plugins/access.ts';
import { crossOrigin } from './plugins/cors.ts';
import { errorHandling } from './plugins/errors.ts';
import { jsonBodies } from './json-body.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { pageHeaders, readHostHeaders } from './page-policy.ts';
import { sessions } from './plugins/session.ts';
import { staticSite } from './plugins/static-site.ts';
import { activationRoutes } from './routes/activations.ts';
import { activationSettingsRoutes } from './routes/activation-settings.ts';
import { authRoutes } from './routes/auth.ts';
import { entityTags } from './routes/concurrency.ts';
import { currentUserRoutes } from './routes/current-user.ts';
import { healthRoutes } from './routes/health.ts';
import { importJobRoutes } from './routes/import-jobs.ts';
import { measurementTagRoutes } from './routes/measurement-tags.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { loginLinkRoutes } from './routes/login-link.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { demoTourRoutes } from './routes/demo-tour.ts';
import { passwordRoutes, SELF_SERVICE_PAGE_HEADERS } from './routes/password.ts';
import { profileRoutes } from './routes/profile.ts';
import { reportRoutes } from './routes/reports.ts';
import { accountUserRoutes } from './routes/account-users.ts';
import { accountAccessRoutes } from './routes/account-access.ts';
import { auditEventRoutes } from './routes/audit-events.ts';
import { auditTrail } from './plugins/audit.ts';
import { labelUsageRoutes } from './routes/label-usage.ts';
import { referenceUsageRoutes } from './routes/reference-usage.ts';
import { resourceRoutes } from './routes/resources.ts';
import { spotlightRoutes } from './routes/spotlight/index.ts';
import { testingRoutes } from './routes/testing.ts';
import { testTraffic } from './plugins/test-traffic.ts';
import { testTrafficRoutes } from './routes/test-traffic.ts';
import { isResourceName } from '../src/shared/schemas/index.ts';
import type { Database } from './store/database.ts';
import { openStore } from './store/index.ts';
import { createRepositories, type Repositories } from './store/repositories.ts';

export interface BuildAppOptions {
  /** Overrides on top of the environment's configuration (tests pass mode: 'test'). */
  config?: Partial<Config>;
  /** An already opened store; by default one is opened from the configuration. */
  database?: Database;
  /** The first super user of an empty store (server/bootstrap-admin.ts); main.ts reads it once. */
  bootstrapAdmin?: BootstrapAdmin | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Every data access goes through these (server/store/repositories.ts). */
    repositories: Repositories;
    loginThrottle: LoginThrottle;
    /** Per-sandbox state and its forgetting (server/sandbox/scope.ts). */
    sandboxScope: SandboxScope;
  }
}

function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}

/**
 * The app factory: everything the server does, with no port. main.ts listens; tests call
 * buildApp() and use inject().
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  const app = Fastify({
    // Silent means no logger at all: Fastify then skips a child logger per request.
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Ids in logs make one request's lines easy to follow: this process's random prefix and a
    // counter, unique across restarts and without a random UUID on every request.
    genReqId: requestIds(),
    bodyLimit: 5 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // A response schema shapes the answer: no field outside it goes out (server/response-shape.ts).
  app.setSerializerCompiler(shapingSerializerCompiler);
  app.decorate('config', config);
  app.decorate('db', options.database ?? (await openStore(config)));
  // Last to close (onClose hooks run in order of registration): pending writes reach the disk.
  app.addHook('onClose', () => app.db.close());
  // A migration, a re-seed or a stale lock taken over: worth an operator's attention.
  for (const note of app.db.startNotes) app.log.warn(note);
  try {
    return await withRoutes(app, config, options);
  } catch (error) {
    // A refused start frees the data directory (its lock) for the next one.
    await app.close().catch(() => undefined);
    throw error;
  }
}

/** Everything after the store: hooks, plugins and routes. */
async function withRoutes(app: FastifyInstance, config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  const serveStatic = config.serveStatic;
  const sandboxScope = new SandboxScope();
  app.decorate('sandboxScope', sandboxScope);
  // Test sandboxes (issue 16) start from the fixtures and copy on write; never in production.
  const sandboxRows = isDemoLike(config) ? { scope: sandboxScope, fixtures: () => app.db.fixtures() } : null;
  const repositories = createRepositories(app.db, sandboxRows);
  app.decorate('repositories', repositories);
  if (options.bootstrapAdmin) await bootstrapAdmin(app, options.bootstrapAdmin);
  const throttles = sandboxScope.perSandbox(() => new Map<string, number[]>());
  app.decorate('loginThrottle', new LoginThrottle(DEFAULT_THROTTLE_LIMITS, now, () => throttles.get(currentSandbox())));
  errorHandling(app, { staticSite: serveStatic });
  securityHeaders(app, {
    // The headers the build wrote for its pages (a CDN sends the same); without pages to serve,
    // the same policy with no inline scripts and no other origins.
    pages: serveStatic ? readHostHeaders(config.staticDir) : pageHeaders({ scriptHashes: [], connectOrigins: [] }),
    crossOriginResourcePolicy: config.corsOrigins.length ? 'cross-origin' : 'same-origin',
  });
  // A CDN-hosted front end's origins (server/plugins/cors.ts); before access control.
  if (config.corsOrigins.length) await crossOrigin(app, config.corsOrigins);

  // Bodies are JSON (the CSRF rule in plugins/access.ts); text/plain is not parsed at all, and
  // form bodies only reach routes that list them in config.bodyTypes (forgotten-password).
  app.removeContentTypeParser('text/plain');
  jsonBodies(app);
  await app.register(formbody);
  // Cookies parsed once per request, before the sandbox and the session read theirs; the secret
  // makes signed cookies available (reply.signCookie / request.unsignCookie).
  await app.register(cookies, { secret: config.sessionSecret });
  // Before any hook that reads data: each request works in the sandbox it names. After the
  // security headers and CORS, so that its refusals (400, 429) carry their headers too.
  sandboxes(app);
  sessions(app, repositories);
  // Before any route: it binds each route's declared access to the route as it is added, and a
  // route added earlier would go unchecked.
  accessControl(app, repositories);
  // Faults and the request journal of test runs (issue 16): their hooks before any route.
  testTraffic(app);
  // Who makes each write, for the audit trail the store writes with it; retention.
  await auditTrail(app);

  healthRoutes(app, { mode: config.mode });
  authRoutes(app, { repositories, throttle: app.loginThrottle });
  currentUserRoutes(app);
  // Sign-in self-service (issue 4): passwords, login links, the user's own details, the outbox.
  passwordRoutes(app);
  loginLinkRoutes(app);
  profileRoutes(app);
  accountUserRoutes(app);
  accountAccessRoutes(app);
  auditEventRoutes(app);
  labelUsageRoutes(app);
  referenceUsageRoutes(app);
  outboxRoutes(app);
  demoTourRoutes(app);
  testingRoutes(app);
  testTrafficRoutes(app);
  openApiRoutes(app);
  // Measurements beyond plain resources: attention metrics, tags, data imports (issue 6).
  metricsRoutes(app);
  measurementTagRoutes(app);
  importJobRoutes(app);
  // Activations and domain lists beyond plain resources: preview, create with list, uploads (issue 14).
  activationRoutes(app);
  activationSettingsRoutes(app);
  // Reports: figures over measurements, saved-report names (issue 13).
  reportRoutes(app);
  // The Spotlight creative-testing service (issue 15).
  spotlightRoutes(app);

  // ETags on the engine's single-row answers (optimistic concurrency: routes/concurrency.ts).
  entityTags(app, (url) => {
    const name = url.slice('/api/v1/'.length);
    return url.startsWith('/api/v1/') && isResourceName(name) ? repositories[name] : undefined;
  });
  // Last among the API routes: the engine leaves alone any method and path registered above.
  resourceRoutes(app, repositories);

  if (serveStatic) {
    await app.register(staticSite, { root: config.staticDir, pageHeaders: SELF_SERVICE_PAGE_HEADERS });
  } else {
    app.setNotFoundHandler(apiNotFound(app));
  }
  return app;
}
