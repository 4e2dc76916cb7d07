import { z } from 'zod';
import { baseRow, inputsFor, isoDay, name, objectId, text } from './common.ts';

/** A contract (spec §3): billed to a billing name, shared by one or more accounts. */
export const contractRow = z.object({
  ...baseRow,
  billing_name: name,
  accounts: z.array(objectId).min(1, 'must name at least one account'),
  measurements: z.array(objectId),
  start_date: isoDay.nullable(),
  end_date: isoDay.nullable(),
  /** Contract value in the currency below (whole units). */
  value: z.number().nonnegative().nullable(),
  currency: z.enum(['GBP', 'EUR', 'USD']),
  notes: text,
  /** Derived by the server (decisions §3 reading A, src/shared/contracts.ts): today within its dates and the whole measurement list not empty. Never stored. */
  active: z.boolean().optional(),
});
export type Contract = z.infer<typeof contractRow>;

export const { create: contractCreate, update: contractUpdate } = inputsFor(contractRow, ['active']);
