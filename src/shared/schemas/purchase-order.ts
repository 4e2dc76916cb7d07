import { z } from 'zod';
import { baseRow, inputsFor, isoDay, objectId } from './common.ts';

/** A purchase order (spec §3: reference) raised by an account against a contract. */
export const purchaseOrderRow = z.object({
  ...baseRow,
  account: objectId,
  reference: z.string().trim().min(1, 'is required').max(100),
  contract: objectId.nullable(),
  amount: z.number().nonnegative(),
  currency: z.enum(['GBP', 'EUR', 'USD']),
  issued_date: isoDay,
  status: z.enum(['open', 'invoiced', 'paid', 'cancelled']),
  /**
   * Derived by the server, never stored: the amount less the spend of its contract's measurements
   * drawn from the contract's orders oldest first; null for a cancelled order.
   */
  remaining: z.number().nullable().optional(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderRow>;

export const { create: purchaseOrderCreate, update: purchaseOrderUpdate } = inputsFor(purchaseOrderRow, ['remaining']);
