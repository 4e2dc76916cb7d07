import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const mediaTypeRow = lookupRow;
export const mediaTypeCreate = lookupCreate;
export const mediaTypeUpdate = lookupUpdate;
