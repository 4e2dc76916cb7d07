/** Report figures and scheduled reports' runs. */
import { z } from 'zod';
import { reportDataQuery, reportDataResponse } from '../report-api.ts';
import { objectId } from '../schemas/common.ts';
import { reportScheduleRunRow } from '../schemas/report-schedule.ts';
import { endpoint } from './endpoint.ts';

export const reportEndpoints = {
  reportData: endpoint('reportData', {
    query: reportDataQuery,
    answer: reportDataResponse,
    tags: ['metrics'],
    summary: 'Report figures over measurements, grouped',
  }),
  reportScheduleRuns: endpoint('reportScheduleRuns', {
    query: z.strictObject({ schedule: objectId }),
    answer: z.object({ data: z.array(reportScheduleRunRow), count: z.number().int() }),
    tags: ['reports'],
    summary: "A report schedule's runs",
  }),
  runReportSchedule: endpoint('runReportSchedule', {
    query: z.strictObject({ id: objectId }),
    answer: z.object({ data: reportScheduleRunRow }),
    status: 201,
    tags: ['reports'],
    summary: 'Run a report schedule now',
  }),
};
