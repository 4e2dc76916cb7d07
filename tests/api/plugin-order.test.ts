/**
 * The server's plugins say what they need (server/plugins/named.ts): registered before what it
 * depends on, a plugin stops the start with a message naming both, instead of quietly changing
 * behaviour. And the resource engine registers nothing another module already has: a hand route on
 * a resource's path stops the start unless the resource lists it in customRoutes.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PluginEntry } from '../../server/app.ts';
import { routePlugin } from '../../server/plugins/named.ts';
import { BEHAVIOURS } from '../../server/routes/resources/resource-behaviour.ts';
import { buildTestApp } from '../helpers/app.ts';

/** The list with `moved` taken out and put back just before `before`. */
const moveBefore =
  (moved: string, before: string) =>
  (plugins: PluginEntry[]): PluginEntry[] => {
    const entry = plugins.find((plugin) => plugin.name === moved)!;
    const rest = plugins.filter((plugin) => plugin !== entry);
    const at = rest.findIndex((plugin) => plugin.name === before);
    return [...rest.slice(0, at), entry, ...rest.slice(at)];
  };

/** A module with its own GET /api/v1/label-value, placed just before the engine. */
const handRoute = (plugins: PluginEntry[]): PluginEntry[] => {
  const plugin = routePlugin('label-value-by-hand', (app) => {
    app.get('/api/v1/label-value', { config: { access: 'authenticated' } }, () => ({ data: [], count: 0, by: 'hand' }));
  });
  const entry: PluginEntry = { name: 'lamp-routes-label-value-by-hand', register: (app) => app.register(plugin) };
  const at = plugins.findIndex((p) => p.name === 'lamp-routes-resources');
  return [...plugins.slice(0, at), entry, ...plugins.slice(at)];
};

describe('plugin order', () => {
  it('starts with the list as app.ts has it', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses to start when the sessions come before the sandboxes they read', async () => {
    await expect(buildTestApp({}, { arrangePlugins: moveBefore('lamp-sessions', 'lamp-sandboxes') })).rejects.toThrow(
      "The dependency 'lamp-sandboxes' of plugin 'lamp-sessions' is not registered",
    );
  });

  it('refuses to start when a route module comes before access control (its routes would go unchecked)', async () => {
    await expect(
      buildTestApp({}, { arrangePlugins: moveBefore('lamp-routes-profile', 'lamp-access') }),
    ).rejects.toThrow("The dependency 'lamp-access' of plugin 'lamp-routes-profile' is not registered");
  });

  it('refuses to start when the engine comes before the ETags it needs', async () => {
    await expect(
      buildTestApp({}, { arrangePlugins: moveBefore('lamp-routes-resources', 'lamp-entity-tags') }),
    ).rejects.toThrow("The dependency 'lamp-entity-tags' of plugin 'lamp-routes-resources' is not registered");
  });
});

describe('hand routes on a resource path', () => {
  const labelValue = BEHAVIOURS['label-value'];
  afterEach(() => {
    BEHAVIOURS['label-value'] = labelValue;
  });

  it('stop the start when the resource does not list them, instead of shadowing the engine', async () => {
    await expect(buildTestApp({}, { arrangePlugins: handRoute })).rejects.toThrow(
      'GET /api/v1/label-value is registered by another module and by the resource engine: list GET in customRoutes of label-value',
    );
  });

  it('serve the path when the resource lists them, and the engine keeps the other methods', async () => {
    BEHAVIOURS['label-value'] = { ...labelValue, customRoutes: ['GET'] };
    const app: FastifyInstance = await buildTestApp({}, { arrangePlugins: handRoute });
    const methods = app.routeTable.filter((route) => route.url === '/api/v1/label-value').map((route) => route.method);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    expect(methods.filter((method) => method === 'GET')).toHaveLength(1);
    await app.close();
  });

  it('stop the start when listed but registered by no module', async () => {
    BEHAVIOURS['label-value'] = { ...labelValue, customRoutes: ['GET'] };
    await expect(buildTestApp()).rejects.toThrow(
      'GET /api/v1/label-value is listed in customRoutes of label-value, but no module registers it',
    );
  });
});
