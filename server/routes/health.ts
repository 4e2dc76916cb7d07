import type { FastifyInstance } from 'fastify';
import type { Mode } from '../config.ts';

/** Liveness for the container's HEALTHCHECK and load balancers. */
export function healthRoutes(app: FastifyInstance, options: { mode: Mode }) {
  app.get('/api/health', { config: { access: 'public' } }, () => ({
    status: 'ok',
    mode: options.mode,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}
