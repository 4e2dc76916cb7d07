import { routePlugin } from '../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Mode } from '../config.ts';

const MODES = ['demo', 'test', 'production'] as const satisfies readonly Mode[];
const healthResponse = z.object({
  status: z.literal('ok'),
  mode: z.enum(MODES),
  uptimeSeconds: z.number().int().nonnegative(),
});

/** Liveness for the container's HEALTHCHECK and load balancers. */
export function healthRoutes(app: FastifyInstance, options: { mode: Mode }) {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: healthResponse } } }, () => ({
    status: 'ok',
    mode: options.mode,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}

export const healthPlugin = routePlugin('health', (app) => healthRoutes(app, { mode: app.config.mode }));
