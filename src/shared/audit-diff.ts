/**
 * An audit record's change as a person reads it (the History panel, the Activity list): one line
 * per field, "field: before → after", with days and instants written as the product writes them
 * (date-format.ts) and lists and objects as short text.
 */
import type { AuditEvent } from './schemas/audit-event.ts';
import { formatDate, formatDateTime } from './date-format.ts';

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

/** What stands for a field with no value. */
export const NO_VALUE = '—';

/** Fields every row has that say nothing of a change (the record's own time says when). */
const SKIPPED = new Set(['id', 'created_at', 'updated_at']);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value as short text. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'string')
    return DAY.test(value) ? formatDate(value) : INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? NO_VALUE : value.map(describeValue).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, part]) => `${key}: ${describeValue(part)}`)
    .join('; ');
}

/** The record's change, field by field: an update's changed fields, a create's or delete's whole row. */
export function changeLines(event: Pick<AuditEvent, 'before' | 'after'>): ChangeLine[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !SKIPPED.has(field));
  return fields.map((field) => ({
    field,
    before: event.before ? describeValue(before[field]) : NO_VALUE,
    after: event.after ? describeValue(after[field]) : NO_VALUE,
  }));
}

/** The change in one line: "name: Spring → Summer; status: draft → active". */
export function changeSummary(event: Pick<AuditEvent, 'before' | 'after'>): string {
  return changeLines(event)
    .map((line) => `${line.field}: ${line.before} → ${line.after}`)
    .join('; ');
}
