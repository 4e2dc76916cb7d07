import { SandboxScope } from './sandbox/scope.ts';
import { apiNotFound } from './api-not-found.ts';
import { currentSandbox, now } from './sandbox/context.ts';
import { sandboxesPlugin } from './sandbox/plugin.ts';
import cookies from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { bootstrapAdmin, type BootstrapAdmin } from './bootstrap-admin.ts';
import { isDemoLike, loadConfig, type Config } from './config.ts';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle } from './auth/throttle.ts';
import { shapingSerializerCompiler } from './response-shape.ts';
import { accessPlugin } from './plugins/access.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { namedPlugin } from './plugins/named.ts';
import { bodiesPlugin } from './json-body.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { pageHeaders, readHostHeaders } from './page-policy.ts';
import { sessionsPlugin } from './plugins/session.ts';
import { staticSitePlugin } from './plugins/static-site.ts';
import { SELF_SERVICE_PAGE_HEADERS } from './routes/auth/password.ts';
import { routePlugins } from './routes/index.ts';
import { auditTrailPlugin } from './plugins/audit.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { testTrafficPlugin } from './plugins/test-traffic.ts';
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
  /** Tests only: the plugin list rearranged (a plugin before what it needs stops the start). */
  arrangePlugins?: (plugins: PluginEntry[]) => PluginEntry[];
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

/** The app's state beside the database: sandboxes, repositories, the login throttle. */
const storePlugin = namedPlugin<{ bootstrapAdmin: BootstrapAdmin | null }>('lamp-store', [], async (app, options) => {
  const sandboxScope = new SandboxScope();
  app.decorate('sandboxScope', sandboxScope);
  // Test sandboxes start from the fixtures and copy on write; never in production.
  const sandboxRows = isDemoLike(app.config) ? { scope: sandboxScope, fixtures: () => app.db.fixtures() } : null;
  app.decorate('repositories', createRepositories(app.db, sandboxRows));
  if (options.bootstrapAdmin) await bootstrapAdmin(app, options.bootstrapAdmin);
  const throttles = sandboxScope.perSandbox(() => new Map<string, number[]>());
  app.decorate('loginThrottle', new LoginThrottle(DEFAULT_THROTTLE_LIMITS, now, () => throttles.get(currentSandbox())));
});

/** One plugin of the list, by the name it declares (what other plugins depend on). */
export interface PluginEntry {
  name: string;
  register: (app: FastifyInstance) => PromiseLike<unknown>;
}

function entry<Options extends object>(
  plugin: FastifyPluginCallback<Options> | FastifyPluginAsync<Options>,
  options: Options,
): PluginEntry {
  const meta = (plugin as unknown as Record<symbol, { name?: string } | undefined>)[Symbol.for('plugin-meta')];
  return { name: meta?.name ?? plugin.name, register: (app) => app.register(plugin, options) };
}

/**
 * Everything after the database, in order. Each plugin names what it needs (server/plugins/
 * named.ts), so Fastify refuses to start when one comes before what it depends on; the order
 * below is one that satisfies them, not a rule of its own.
 */
export function appPlugins(config: Config, options: BuildAppOptions): PluginEntry[] {
  const serveStatic = config.serveStatic;
  return [
    entry(storePlugin, { bootstrapAdmin: options.bootstrapAdmin ?? null }),
    entry(errorsPlugin, {}),
    entry(securityHeadersPlugin, {
      // The headers the build wrote for its pages (a CDN sends the same); without pages to serve,
      // the same policy with no inline scripts and no other origins.
      pages: serveStatic ? readHostHeaders(config.staticDir) : pageHeaders({ scriptHashes: [], connectOrigins: [] }),
      crossOriginResourcePolicy: config.corsOrigins.length ? 'cross-origin' : 'same-origin',
    }),
    entry(corsPlugin, {}),
    entry(bodiesPlugin, {}),
    // Cookies parsed once per request, before the sandbox and the session read theirs; the secret
    // makes signed cookies available (reply.signCookie / request.unsignCookie).
    entry(cookies, { secret: config.sessionSecret }),
    entry(sandboxesPlugin, {}),
    entry(sessionsPlugin, {}),
    entry(accessPlugin, {}),
    entry(testTrafficPlugin, {}),
    // Who makes each write, for the audit trail the store writes with it; retention.
    entry(auditTrailPlugin, {}),
    // The route modules, area by area (server/routes/index.ts).
    ...routePlugins.map((plugin) => entry(plugin, {})),
    // JSON answers in brotli or gzip for the clients that take them. The app's hooks are given to
    // every route when the app is ready, in this order: compression is the last onSend hook.
    entry(compressionPlugin, {}),
    ...(serveStatic
      ? [entry(staticSitePlugin, { root: config.staticDir, pageHeaders: SELF_SERVICE_PAGE_HEADERS })]
      : []),
  ];
}

async function withRoutes(app: FastifyInstance, config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  const plugins = appPlugins(config, options);
  for (const plugin of options.arrangePlugins?.(plugins) ?? plugins) await plugin.register(app);
  if (!config.serveStatic) app.setNotFoundHandler(apiNotFound(app));
  return app;
}
