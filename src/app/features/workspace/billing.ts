/** What the billing pages share: list declarations, money and the contract's active rule. */
import type { Contract } from '../../../shared/schemas/contract.ts';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order.ts';
import type { ResourceListSpec } from '../../kit/useResourceList.ts';

/** A purchase order as the server sends it, with its derived `remaining` (billing-spend.ts). */
export type PurchaseOrderRow = PurchaseOrder;
export type ContractRow = Contract & { active?: boolean };

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

export function money(amount: number | null | undefined, currency: string): string {
  if (amount == null) return '—';
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

/**
 * decisions.md §3 (reading A): a contract is active when its measurement list is not empty. The
 * server's own `active`, when it sends one, wins.
 */
export const isActive = (contract: ContractRow) => contract.active ?? contract.measurements.length > 0;

export const dates = (start: string | null, end: string | null) =>
  start || end ? `${start ?? '…'} – ${end ?? '…'}` : '—';
