import { z } from 'zod';
import { ACCOUNT_TYPES } from '../constants.ts';
import { baseRow, hexColour, inputsFor, name } from './common.ts';

/** An account (spec §3): theme and feature flags; the account's own id is what grants point at. */
export const accountTheme = z.strictObject({
  primary_colour: hexColour,
  secondary_colour: hexColour,
  /** A logo URL (https or a data URL), or null for the product logo. */
  logo: z
    .string()
    .max(200_000)
    .regex(/^(https:\/\/|data:image\/)/, 'must be an https or data:image URL')
    .nullable(),
});

export const featureFlags = z.strictObject({
  spotlight_access: z.boolean(),
  lamp_access: z.boolean(),
});

export const accountRow = z.object({
  ...baseRow,
  name,
  type: z.enum(ACCOUNT_TYPES),
  theme: accountTheme,
  feature_flags: featureFlags,
});
export type Account = z.infer<typeof accountRow>;

export const { create: accountCreate, update: accountUpdate } = inputsFor(accountRow);
