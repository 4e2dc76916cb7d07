/**
 * Every plugin and route module of the app is a named Fastify plugin that says which others it
 * needs first. Fastify checks the list when the plugin is registered, so registering one before
 * what it needs stops the start with "The dependency '…' of plugin '…' is not registered" instead
 * of quietly changing behaviour (a route added before access control would go unchecked).
 *
 * `fastify-plugin` keeps each plugin in the root context (no encapsulation): their hooks,
 * decorators and routes are the app's, as when they were plain functions called in line order.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The names the app's plugins go by; one list, so a misspelt dependency is a type error. */
export type PluginName =
  | 'lamp-store'
  | 'lamp-errors'
  | 'lamp-security-headers'
  | 'lamp-cors'
  | 'lamp-bodies'
  | 'lamp-sandboxes'
  | 'lamp-sessions'
  | 'lamp-access'
  | 'lamp-test-traffic'
  | 'lamp-audit'
  | 'lamp-compression'
  | 'lamp-entity-tags'
  | 'lamp-static-site'
  | `lamp-routes-${string}`;

/** Plugins from packages go by their own names. */
type Dependency = PluginName | '@fastify/cookie' | '@fastify/formbody';

export function namedPlugin<Options extends object = Record<never, never>>(
  name: PluginName,
  dependencies: readonly Dependency[],
  register: (app: FastifyInstance, options: Options) => void | Promise<void>,
) {
  return fp<Options>(
    async (app, options) => {
      await register(app, options);
    },
    { name, dependencies: [...dependencies], fastify: '5.x' },
  );
}

/**
 * What every route module needs before it: the error handler and body parsers a route takes from
 * its context when it is added; access control, which binds each route's policy from an onRoute
 * hook (a route added earlier would refuse no one); the faults and journal of test runs, whose
 * hooks come before any route. Access control itself comes after the sessions, the sandboxes, the
 * store and CORS (see their plugins), so a route module depends on all of them.
 */
const ROUTE_DEPENDENCIES: readonly Dependency[] = ['lamp-errors', 'lamp-bodies', 'lamp-access', 'lamp-test-traffic'];

/** A route module as a plugin: `lamp-routes-{area}`, after what every route needs and `more`. */
export function routePlugin(
  area: string,
  register: (app: FastifyInstance) => void | Promise<void>,
  more: readonly Dependency[] = [],
) {
  return namedPlugin(`lamp-routes-${area}`, [...ROUTE_DEPENDENCIES, ...more], (app) => register(app));
}
