import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import type { Mode } from '../../config.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** Liveness for the container's HEALTHCHECK and load balancers (its mode is one of SERVER_MODES). */
export function healthRoutes(app: FastifyInstance, options: { mode: Mode }) {
  routeFrom(app, endpoints.health, { config: { access: 'public' } }, () => ({
    status: 'ok' as const,
    mode: options.mode,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}

export const healthPlugin = routePlugin('health', (app) => healthRoutes(app, { mode: app.config.mode }));
