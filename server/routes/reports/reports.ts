/**
 * Reports beyond plain resources: the report data endpoint, and the runs and run-now of
 * scheduled reports. (The saved-report name rule and the schedule's write rules are in
 * the engine's behaviour table.)
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { reportDataRoutes } from './report-data.ts';
import { reportScheduleRoutes } from './report-schedule-runner.ts';

export function reportRoutes(app: FastifyInstance): void {
  reportDataRoutes(app);
  reportScheduleRoutes(app);
}

export const reportsPlugin = routePlugin('reports', reportRoutes);
