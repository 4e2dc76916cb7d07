/**
 * Saved reports of an account (spec §3): create, rename, update, delete, through the resource
 * engine. A change bumps a version the sidebar listens to, so its list follows at once.
 */
import { create, remove, update } from '../../../lib/api.ts';
import type { SavedReport } from '../../../shared/schemas/saved-report.ts';
import { savedReportFields, type ReportState } from './state.ts';

import { savedReportsChanged as changed } from './savedReportsVersion.ts';

export async function createSavedReport(name: string, state: ReportState, account: string): Promise<SavedReport> {
  const row = await create('saved-report', { name: name.trim(), ...savedReportFields(state, account) });
  changed();
  return row;
}

export async function updateSavedReport(id: string, state: ReportState, account: string): Promise<SavedReport> {
  const row = await update('saved-report', id, savedReportFields(state, account));
  changed();
  return row;
}

export async function renameSavedReport(id: string, name: string): Promise<SavedReport> {
  const row = await update('saved-report', id, { name: name.trim() });
  changed();
  return row;
}

export async function deleteSavedReport(id: string): Promise<void> {
  await remove('saved-report', id);
  changed();
}

/** A server refusal on the name field ('name: …') as the field's message, else null. */
export function nameFieldError(error: unknown): string | null {
  const body = error && typeof error === 'object' && 'body' in error ? error.body : null;
  const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : '';
  const match = /(?:^|; )name: ([^;]+)/.exec(message);
  return match ? match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1) : null;
}
