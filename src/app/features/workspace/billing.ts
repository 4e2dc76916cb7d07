/** What the billing pages share: the two lists' declarations (contracts read as src/app/kit/contracts.tsx says). */
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order.ts';
import { resourceListSpec } from '../../kit/useResourceList.ts';

/** A purchase order as the server sends it, with its derived `remaining` (billing-spend.ts). */
export type PurchaseOrderRow = PurchaseOrder;

export const contractList = resourceListSpec(
  'contract',
  'contracts',
  { id: 'billing_name', direction: 'asc' },
  { prefix: 'contracts.', defaultSize: 10 },
);

export const purchaseOrderList = resourceListSpec(
  'purchase-order',
  'purchase orders',
  { id: 'issued_date', direction: 'desc' },
  { prefix: 'orders.', defaultSize: 10 },
);
