/** What the billing pages share: the two lists' declarations (contracts read as src/app/shared/contracts.tsx says). */
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order.ts';
import type { ResourceListSpec } from '../../kit/useResourceList.ts';

/** A purchase order as the server sends it, with its derived `remaining` (billing-spend.ts). */
export type PurchaseOrderRow = PurchaseOrder;

export const contractList: ResourceListSpec<'contract'> = {
  resource: 'contract',
  noun: 'contracts',
  sortFields: ['billing_name', 'start_date', 'end_date', 'value', 'created_at'],
  defaultSort: { id: 'billing_name', direction: 'asc' },
  prefix: 'contracts.',
  defaultSize: 10,
};

export const purchaseOrderList: ResourceListSpec<'purchase-order'> = {
  resource: 'purchase-order',
  noun: 'purchase orders',
  sortFields: ['reference', 'issued_date', 'amount', 'status', 'created_at'],
  defaultSort: { id: 'issued_date', direction: 'desc' },
  prefix: 'orders.',
  defaultSize: 10,
};
