import { z } from 'zod';
import { ACTIVATION_STATUSES, DEAL_ID_PATTERN, INITIAL_ACTIVATION_STATUSES } from '../activations.ts';
import { baseRow, inputsFor, lazySchema, name, objectId } from './common.ts';

/**
 * An activation (decisions.md §7): a measurement's attention data put to work on a buying
 * platform through a domain list, with a minimum APM. The deal id is the server's: it is set when
 * the activation first goes active and never changes after (src/shared/activations.ts).
 */
export const activationRow = z.object({
  ...baseRow,
  account: objectId,
  name,
  measurement: objectId.nullable(),
  domain_list: objectId.nullable(),
  /** A third-party-macro-vendor id (the platform). */
  vendor: objectId.nullable(),
  status: z.enum(ACTIVATION_STATUSES),
  /** Minimum APM a domain must reach to be included. */
  min_apm: z.number().nonnegative().max(1_000_000).nullable(),
  deal_id: z.string().regex(DEAL_ID_PATTERN).nullable(),
});
export type Activation = z.infer<typeof activationRow>;

const inputs = inputsFor(activationRow, ['deal_id']);
/** A new activation starts as a draft or goes active at once; the state actions move it on. */
export const activationCreate = lazySchema(() =>
  inputs.create.extend({
    status: z
      .enum(INITIAL_ACTIVATION_STATUSES, { error: 'a new activation starts as draft or active' })
      .default('draft'),
  }),
);
export const activationUpdate = inputs.update;
