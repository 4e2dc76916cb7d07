/**
 * What a purchase order has left: its amount less the spend it pays for.
 *
 * A purchase order pays for the measurements of its contract. Their spend is the cost of their
 * delivery so far (the dashboard's own rows and sum, metrics.ts), drawn from the contract's
 * purchase orders oldest first (issue date, then id): an order is used up before the next one is
 * touched, and none goes below zero. A cancelled order pays for nothing (remaining null); an order
 * without a contract has its whole amount left.
 */
import type { FastifyInstance } from 'fastify';
import { sumCounts } from '../../../src/shared/metrics.ts';
import type { Measurement, PurchaseOrder } from '../../../src/shared/schemas/index.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import { importedRows, measurementRows } from '../measurements/metrics.ts';

/** A measurement's cost, kept per row object (a change replaces it) and per count of imported rows. */
const costs = new WeakMap<StoredRow, { imported: number; cost: number }>();

export function measurementCost(app: FastifyInstance, measurement: StoredRow): number {
  const imported = importedRows(app, measurement.id).length;
  const known = costs.get(measurement);
  if (known && known.imported === imported) return known.cost;
  const cost = sumCounts(measurementRows(app, measurement as unknown as Measurement).rows).cost;
  costs.set(measurement, { imported, cost });
  return cost;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The spend of a contract's measurements (those of its list that still exist). */
export function contractSpend(app: FastifyInstance, repositories: Repositories, contractId: string): number {
  const contract = repositories.contract.byId(contractId);
  if (!contract) return 0;
  let spend = 0;
  for (const id of contract.measurements) {
    const measurement = repositories.measurement.byId(id);
    if (measurement) spend += measurementCost(app, measurement);
  }
  return cents(spend);
}

const byIssue = (a: PurchaseOrder, b: PurchaseOrder) =>
  a.issued_date.localeCompare(b.issued_date) || a.id.localeCompare(b.id);

export function purchaseOrderRemaining(
  app: FastifyInstance,
  repositories: Repositories,
  order: PurchaseOrder,
): number | null {
  if (order.status === 'cancelled') return null;
  if (!order.contract) return order.amount;
  let left = contractSpend(app, repositories, order.contract);
  const payers = repositories['purchase-order']
    .findBy('contract', order.contract)
    .filter((other) => other.status !== 'cancelled')
    .sort(byIssue);
  for (const payer of payers) {
    const drawn = Math.min(payer.amount, left);
    if (payer.id === order.id) return cents(payer.amount - drawn);
    left -= drawn;
  }
  return order.amount;
}
