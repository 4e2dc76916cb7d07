/**
 * Reports beyond plain resources (issue 13): the report data endpoint and the saved-report name
 * rule, registered together.
 */
import type { FastifyInstance } from 'fastify';
import { reportDataRoutes } from './report-data.ts';
import { savedReportNames } from './saved-report-names.ts';

export function reportRoutes(app: FastifyInstance): void {
  savedReportNames(app);
  reportDataRoutes(app);
}
