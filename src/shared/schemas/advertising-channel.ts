import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';

/** A lookup table row (global, super admins edit). */
export const advertisingChannelRow = lookupRow;
export const advertisingChannelCreate = lookupCreate;
export const advertisingChannelUpdate = lookupUpdate;
