/**
 * A measurement as its form holds it (the draft), the body sent from it, and its fields' labels
 * (which the form's messages name: kit/formMessages.ts). Plain functions: the form renders, this decides.
 */
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';

/** The form's state: every field of the create input but the account (the selected one's). */
export type Draft = Required<Omit<ResourceCreate<'measurement'>, 'account'>>;

/** The fields in the order the form shows them; a message names a field by its label. */
export const FIELD_LABELS: Readonly<Record<keyof Draft, string>> = {
  name: 'Name',
  status: 'Status',
  start_date: 'Start date',
  end_date: 'End date',
  channels: 'Channels',
  formats: 'Formats',
  media_partners: 'Media partners',
  labels: 'Labels',
  ad_server: 'Ad server',
  custom_parameter_template: 'Custom parameter template',
  project: 'Project',
  contract: 'Contract',
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
