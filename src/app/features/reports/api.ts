/** Data access of the report pages: the report data endpoint and the lists the pickers offer. */
import { getOne, listAll } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { ReportData, ReportDataQuery } from '../../../shared/report-api.ts';

export async function fetchReport(query: ReportDataQuery): Promise<ReportData> {
  return (await callEndpoint('reportData', { query })).data;
}

export interface Option {
  id: string;
  name: string;
}

export const fetchMeasurementOptions = (account: string) =>
  listAll('measurement', { account: `${account},null`, sort: 'asc(name),asc(id)' });

export async function fetchLabelOptions(account: string): Promise<(Option & { category: string })[]> {
  const rows = await listAll('label-value', {
    'category.account': account,
    sort: 'asc(name),asc(id)',
  });
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category.name }));
}

export const fetchSavedReports = (account: string) => listAll('saved-report', { account, sort: 'asc(name),asc(id)' });

/** One saved report by id: the API client then knows the version its update, rename or delete is based on. */
export const fetchSavedReport = (id: string) => getOne('saved-report', id);

export const fetchAdminReports = (account: string) =>
  listAll('report', { account: `${account},null`, sort: 'asc(name),asc(id)' });

export { reportSlug } from '../../../shared/reports.ts';
