import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const deviceTypeRow = lookupRow;
export const deviceTypeCreate = lookupCreate;
export const deviceTypeUpdate = lookupUpdate;
