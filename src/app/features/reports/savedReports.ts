/**
 * Saved reports of an account (spec §3): create, rename, update, delete, through the resource
 * engine. A change bumps a version the sidebar listens to, so its list follows at once. The page
 * reads the report by id first, so the API client sends the version it showed with each change
 * (a 412 asks the conflict dialog; `write.onReload` is how the page shows the stored report).
 */
import { create, remove, removeListed, update, updateListed, type WriteOptions } from '../../../lib/api.ts';
import type { SavedReport } from '../../../shared/schemas/saved-report.ts';
import { savedReportFields, type ReportState } from '../../../shared/report-state.ts';

import { savedReportsChanged as changed } from './savedReportsVersion.ts';

export async function createSavedReport(name: string, state: ReportState, account: string): Promise<SavedReport> {
  const row = await create('saved-report', { name: name.trim(), ...savedReportFields(state, account) });
  changed();
  return row;
}

export async function updateSavedReport(
  id: string,
  state: ReportState,
  account: string,
  write: WriteOptions = {},
): Promise<SavedReport> {
  const row = await update('saved-report', id, savedReportFields(state, account), write);
  changed();
  return row;
}

export async function renameSavedReport(id: string, name: string, write: WriteOptions = {}): Promise<SavedReport> {
  const row = await update('saved-report', id, { name: name.trim() }, write);
  changed();
  return row;
}

export async function deleteSavedReport(id: string, write: WriteOptions = {}): Promise<void> {
  await remove('saved-report', id, write);
  changed();
}

/**
 * Rename and delete straight from the list: written with the version of the row as the list
 * showed it (changed since, the conflict dialog asks first).
 */
export async function renameListedReport(row: SavedReport, name: string, write: WriteOptions): Promise<SavedReport> {
  const renamed = await updateListed('saved-report', row, { name: name.trim() }, write);
  changed();
  return renamed;
}

export async function deleteListedReport(row: SavedReport, write: WriteOptions): Promise<void> {
  await removeListed('saved-report', row, write);
  changed();
}
