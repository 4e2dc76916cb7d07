/**
 * Reports beyond plain resources (issue 13): the report data endpoint. (The saved-report name
 * rule is in the engine's behaviour table.)
 */
import type { FastifyInstance } from 'fastify';
import { reportDataRoutes } from './report-data.ts';

export function reportRoutes(app: FastifyInstance): void {
  reportDataRoutes(app);
}
