import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const mediaPartnerRow = lookupRow;
export const mediaPartnerCreate = lookupCreate;
export const mediaPartnerUpdate = lookupUpdate;
