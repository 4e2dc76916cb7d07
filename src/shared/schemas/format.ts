import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const formatRow = lookupRow;
export const formatCreate = lookupCreate;
export const formatUpdate = lookupUpdate;
