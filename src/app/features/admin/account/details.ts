/**
 * The details section's form: the account's name, type, theme and feature flags as one flat set
 * of fields, checked with the account schema's own rules, and mapped to and from the row.
 */
import { z } from 'zod';
import { ApiError } from '../../../../lib/api.ts';
import { ACCOUNT_TYPES } from '../../../../shared/constants.ts';
import { accountRow, accountTheme, type Account } from '../../../../shared/schemas/account.ts';
import { hexColour } from '../../../../shared/schemas/common.ts';

/** Spec §1: the account types as the product names them. */
export const ACCOUNT_TYPE_NAMES: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  agency: 'Agency Managed',
  agency_self_serve: 'Agency Self-serve',
  partner: 'Partner',
};
export const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((id) => ({ id, name: ACCOUNT_TYPE_NAMES[id] }));

export const DETAILS_LABELS = {
  name: 'Name',
  type: 'Type',
  primary_colour: 'Primary colour',
  secondary_colour: 'Secondary colour',
  logo: 'Logo URL',
  spotlight_access: 'Spotlight access',
  lamp_access: 'LAMP access',
};

export const detailsSchema = z.object({
  name: accountRow.shape.name,
  type: accountRow.shape.type,
  primary_colour: hexColour,
  secondary_colour: hexColour,
  /** Empty means the product logo. */
  logo: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(accountTheme.shape.logo),
  spotlight_access: z.boolean(),
  lamp_access: z.boolean(),
});
export type DetailsValues = z.input<typeof detailsSchema>;

export function detailsValues(account: Account): DetailsValues {
  return {
    name: account.name,
    type: account.type,
    primary_colour: account.theme.primary_colour,
    secondary_colour: account.theme.secondary_colour,
    logo: account.theme.logo ?? '',
    spotlight_access: account.feature_flags.spotlight_access,
    lamp_access: account.feature_flags.lamp_access,
  };
}

export function detailsUpdate(value: z.output<typeof detailsSchema>) {
  return {
    name: value.name,
    type: value.type,
    theme: { primary_colour: value.primary_colour, secondary_colour: value.secondary_colour, logo: value.logo },
    feature_flags: { spotlight_access: value.spotlight_access, lamp_access: value.lamp_access },
  };
}

/** The server names nested fields ('theme.logo'); the form's fields are flat ('logo'). */
export function flattenIssues(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.issues.length === 0) return error;
  const issues = error.issues.map((issue) => ({
    ...issue,
    path: issue.path.replace(/^(theme|feature_flags)\./, ''),
  }));
  return new ApiError(error.status, { ...(error.body as object), issues });
}
