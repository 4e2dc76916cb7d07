import { z } from 'zod';
import { baseRow, inputsFor, name } from './common.ts';

/**
 * The seven lookup tables (spec §2 admin "Lookup tables"): global rows with a name, edited by
 * super admins. A lookup definition (spec §3: title, action, resource) is what the admin UI lists.
 */
export const lookupRow = z.object({ ...baseRow, name });
export type LookupRow = z.infer<typeof lookupRow>;
export const { create: lookupCreate, update: lookupUpdate } = inputsFor(lookupRow);

export const lookupDefinition = z.object({ title: z.string(), action: z.string(), resource: z.string() });
export type LookupDefinition = z.infer<typeof lookupDefinition>;
