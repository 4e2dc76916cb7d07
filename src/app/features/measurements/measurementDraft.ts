/**
 * A measurement as its form holds it (the draft), the body sent from it, and its fields' labels
 * (which the form's messages name: kit/formMessages.ts). Plain functions: the form renders, this decides.
 */
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';
import { fieldLabel } from '../../../shared/field-labels.ts';

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
