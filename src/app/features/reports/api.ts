/** Data access of the report pages: the report data endpoint and the lists the pickers offer. */
import { accountOwners, getOne, listAll } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import type { ReportData, ReportDataQuery } from '../../../shared/report-api.ts';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';

export async function fetchReport(query: ReportDataQuery): Promise<ReportData> {
  return (await callEndpoint('reportData', { query })).data;
}

export interface Option {
  id: string;
  name: string;
}

export const fetchMeasurementOptions = (account: string) =>
  listAll('measurement', listQuery('measurement', { account: accountOwners(account), sort: BY_NAME }));

export async function fetchLabelOptions(account: string): Promise<(Option & { category: string })[]> {
  const rows = await listAll('label-value', listQuery('label-value', { 'category.account': [account], sort: BY_NAME }));
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category.name }));
}

export const fetchSavedReports = (account: string) =>
  listAll('saved-report', listQuery('saved-report', { account: [account], sort: BY_NAME }));

/** One saved report by id: the API client then knows the version its update, rename or delete is based on. */
export const fetchSavedReport = (id: string) => getOne('saved-report', id);

export const fetchAdminReports = (account: string) =>
  listAll('report', listQuery('report', { account: accountOwners(account), sort: BY_NAME }));

export { reportSlug } from '../../../shared/reports.ts';
