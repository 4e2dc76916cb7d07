/**
 * An audit record's change as a person reads it (the History panel, the Activity list): one line
 * per field, "Field: before → after", the field by its label (field-labels.ts), a record's id by
 * the record's name, metric keys by the metrics' names, days and instants written as the product
 * writes them (date-format.ts), and other lists and objects as short text.
 */
import type { AuditEvent } from './schemas/audit-event.ts';
import { isResourceName, resources } from './schemas/index.ts';
import { formatDate, formatDateTime } from './date-format.ts';
import { fieldLabel } from './field-labels.ts';
import { METRIC_DEFINITIONS } from './metrics.ts';
import { DIMENSION_NAMES, type ReportDimension } from './reports.ts';

export interface ChangeLine {
  /** The field's label ('Start date'). */
  field: string;
  before: string;
  after: string;
}

/** What stands for a field with no value. */
export const NO_VALUE = '—';

/** A record's name by its resource and id, when the page knows it (undefined: not known). */
export type NameOf = (resource: string, id: string) => string | undefined;

/** Fields every row has that say nothing of a change (the record's own time says when). */
const SKIPPED = new Set(['id', 'created_at', 'updated_at']);

/** Copies a row keeps of what another field names (a label's category), shown through that field. */
const COPIES: Readonly<Record<string, string>> = { category: 'category_id' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Fields that hold ids the registry's references do not list (they are set by the server). */
const SERVER_REFERENCES: Readonly<Record<string, string>> = { account: 'account', created_by: 'user' };

/** The resource an id field of `resource`'s rows points at, if it is one. */
export function referenceOf(resource: string | undefined, field: string): string | undefined {
  const declared =
    resource && isResourceName(resource)
      ? (resources[resource] as { references?: Readonly<Record<string, unknown>> }).references
      : undefined;
  const target = declared?.[field];
  return typeof target === 'string' ? target : SERVER_REFERENCES[field];
}

/** Names of the keys some fields hold: metrics and report groupings. */
const METRIC_NAMES: ReadonlyMap<string, string> = new Map(METRIC_DEFINITIONS.map((d) => [d.key, d.label]));
const KEY_NAMES: Readonly<Record<string, (key: string) => string | undefined>> = {
  metrics: (key) => METRIC_NAMES.get(key),
  group_by: (key) => DIMENSION_NAMES[key as ReportDimension],
};

/** One value as short text. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'string')
    return DAY.test(value) ? formatDate(value) : INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? NO_VALUE : value.map(describeValue).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, part]) => `${fieldLabel(key)}: ${describeValue(part)}`)
    .join('; ');
}

/** One field's value as short text: ids by their record's name, keys by their names. */
function describeField(resource: string | undefined, field: string, value: unknown, nameOf?: NameOf): string {
  const target = referenceOf(resource, field);
  const named = target ? (id: string) => nameOf?.(target, id) : KEY_NAMES[field];
  if (!named) return describeValue(value);
  const one = (part: unknown) => (typeof part === 'string' ? (named(part) ?? part) : describeValue(part));
  if (Array.isArray(value)) return value.length === 0 ? NO_VALUE : value.map(one).join(', ');
  return value === null || value === undefined || value === '' ? NO_VALUE : one(value);
}

/** The ids a record's change names, by the resource they point at (for a page to ask their names). */
export function referencedIds(event: Pick<AuditEvent, 'resource' | 'before' | 'after'>): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const row of [event.before, event.after])
    for (const [field, value] of Object.entries(row ?? {})) {
      const target = referenceOf(event.resource, field);
      if (!target || SKIPPED.has(field)) continue;
      for (const id of Array.isArray(value) ? value : [value])
        if (typeof id === 'string' && id) ids.set(target, (ids.get(target) ?? new Set()).add(id));
    }
  return ids;
}

/** The record's change, field by field: an update's changed fields, a create's or delete's whole row. */
export function changeLines(
  event: Pick<AuditEvent, 'before' | 'after'> & { resource?: string },
  nameOf?: NameOf,
): ChangeLine[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !SKIPPED.has(field) && !(COPIES[field] && (COPIES[field] in before || COPIES[field] in after)),
  );
  return fields.map((field) => ({
    field: fieldLabel(field),
    before: event.before ? describeField(event.resource, field, before[field], nameOf) : NO_VALUE,
    after: event.after ? describeField(event.resource, field, after[field], nameOf) : NO_VALUE,
  }));
}

/** The change in one line: "Name: Spring → Summer; Status: draft → active". */
export function changeSummary(
  event: Pick<AuditEvent, 'before' | 'after'> & { resource?: string },
  nameOf?: NameOf,
): string {
  return changeLines(event, nameOf)
    .map((line) => `${line.field}: ${line.before} → ${line.after}`)
    .join('; ');
}
