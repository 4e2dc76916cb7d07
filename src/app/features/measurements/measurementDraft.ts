/**
 * A measurement as its form holds it (the draft), the body sent from it, and the schema's messages
 * reworded for a planner (the field's label first). Plain functions: the form renders, this decides.
 */
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';
import { fieldLabel } from '../../../shared/field-labels.ts';
import { capitalise } from './ui.tsx';

/** The form's state: every field of the create input but the account (the selected one's). */
export type Draft = Required<Omit<ResourceCreate<'measurement'>, 'account'>>;

/**
 * The fields in the order the form shows them, with their labels (src/shared/field-labels.ts); a
 * message names a field by its label.
 */
export const FIELD_LABELS: Readonly<Record<keyof Draft, string>> = {
  name: fieldLabel('name'),
  status: fieldLabel('status'),
  start_date: fieldLabel('start_date'),
  end_date: fieldLabel('end_date'),
  channels: fieldLabel('channels'),
  formats: fieldLabel('formats'),
  media_partners: fieldLabel('media_partners'),
  labels: fieldLabel('labels'),
  ad_server: fieldLabel('ad_server'),
  custom_parameter_template: fieldLabel('custom_parameter_template'),
  project: fieldLabel('project'),
  contract: fieldLabel('contract'),
};

export const isDraftField = (field: string): field is keyof Draft => Object.hasOwn(FIELD_LABELS, field);

export function draftOf(m: Measurement | null): Draft {
  return {
    name: m?.name ?? '',
    status: m?.status ?? 'draft',
    start_date: m?.start_date ?? '',
    end_date: m?.end_date ?? '',
    channels: m?.channels ?? [],
    formats: m?.formats ?? [],
    media_partners: m?.media_partners ?? [],
    labels: m?.labels ?? [],
    ad_server: m?.ad_server ?? null,
    custom_parameter_template: m?.custom_parameter_template ?? null,
    project: m?.project ?? null,
    contract: m?.contract ?? null,
  };
}

/** The request body: the draft, and on create the selected account. */
export function bodyOf(draft: Draft, account: string | null, isCreate: boolean) {
  return { ...(isCreate ? { account } : {}), ...draft };
}

/** Turns a schema message into one a planner reads: the field's label, then what is wrong. */
export function fieldMessage(field: string, message: string, code?: string, input?: unknown): string {
  const label = isDraftField(field) ? FIELD_LABELS[field] : capitalise(field.replace(/_/g, ' '));
  const isDate = field === 'start_date' || field === 'end_date';
  if ((input === '' || input === undefined) && isDate) return `${label} is required`;
  if (code === 'invalid_format' && isDate) return `${label} must be a date`;
  const readable = message.replace(/\b(start_date|end_date)\b/g, (f) => FIELD_LABELS[f as keyof Draft].toLowerCase());
  return /^[a-z]/.test(readable) && !readable.startsWith(label.toLowerCase())
    ? `${label} ${readable}`
    : capitalise(readable);
}
