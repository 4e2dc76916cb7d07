import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** An activation: attention data pushed to a buying platform as a deal or segment. */
export const activationRow = z.object({
  ...baseRow,
  account: objectId,
  name,
  measurement: objectId.nullable(),
  domain_list: objectId.nullable(),
  /** A third-party-macro-vendor id (the platform). */
  vendor: objectId.nullable(),
  status: z.enum(['draft', 'active', 'paused', 'ended']),
  /** Minimum APM a placement must reach to be included. */
  min_apm: z.number().nonnegative().nullable(),
  /** The deal id the platform uses (e.g. NW-ATT-2026-0042); the server's, never a client's. */
  deal_id: z.string().max(100).nullable().optional(),
});
export type Activation = z.infer<typeof activationRow>;

export const { create: activationCreate, update: activationUpdate } = inputsFor(activationRow, [
  'id',
  'created_at',
  'deal_id',
]);
