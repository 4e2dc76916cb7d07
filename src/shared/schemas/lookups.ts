import { z } from 'zod';
import { baseRow, inputsFor, name } from './common.ts';

/**
 * The seven lookup tables (spec §2 admin "Lookup tables"): global rows with a name, edited by
 * super admins.
 */
export const lookupRow = z.object({ ...baseRow, name });
export const { create: lookupCreate, update: lookupUpdate } = inputsFor(lookupRow);
