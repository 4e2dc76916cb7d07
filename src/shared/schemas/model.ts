import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const modelRow = lookupRow;
export const modelCreate = lookupCreate;
export const modelUpdate = lookupUpdate;
