/**
 * Per-resource behaviour of the resource engine (resources.ts), in one table instead of
 * `name === '…'` branches: fields derived for clients, rules that complete and check a row about
 * to be written (server-owned fields, state rules), and checks before a delete.
 *
 * Derived fields depend on the row alone unless the entry says `deriveReadsOthers`: list bodies
 * cache each row's JSON until the row object is replaced (list-body.ts), which a field computed
 * from other collections (a purchase order's remaining amount) must not be. Counts a page asks for
 * once (a label's usage) are read through their own endpoints instead (label-usage.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { PurchaseOrder, ResourceName } from '../../src/shared/schemas/index.ts';
import type { Repositories, StoredRow } from '../store/repositories.ts';
import { emailTaken, HttpError } from '../http-errors.ts';
import { assertListUnused, prepareActivation } from './activation-rules.ts';
import { purchaseOrderRemaining } from './billing-spend.ts';
import { assertSavedReportNameFree } from './saved-report-names.ts';

/** What a derived field may read besides its row. */
export interface DeriveContext {
  app: FastifyInstance;
  repositories: Repositories;
}

export interface ResourceBehaviour {
  /** Fields added to the row sent to clients (never stored). */
  derive?: (row: StoredRow, context: DeriveContext) => Record<string, unknown>;
  /** `derive` reads other rows (so a list page is not cached against its row objects). */
  deriveReadsOthers?: boolean;
  /** Completes and checks a row about to be created or updated; throws to refuse (nothing is written). */
  beforeWrite?: (repositories: Repositories, row: StoredRow, current: StoredRow | null) => void;
  /**
   * Checks against the stored data once the write is allowed and the row valid (uniqueness), just
   * before it is stored; throws to refuse (nothing is written).
   */
  beforeStore?: (repositories: Repositories, row: StoredRow) => void;
  /** Runs before a delete; throws to refuse it (nothing is written). */
  beforeDelete?: (repositories: Repositories, row: StoredRow) => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How many measurements and saved reports carry a label value. */
export function labelUsage(repositories: Repositories, labelId: string) {
  const uses = (rows: readonly { labels: readonly string[] }[]) =>
    rows.filter((row) => row.labels.includes(labelId)).length;
  return {
    measurements: uses(repositories.measurement.all()),
    saved_reports: uses(repositories['saved-report'].all()),
  };
}

/** How many values a label category holds. */
export function categoryUsage(repositories: Repositories, categoryId: string) {
  return { values: repositories['label-value'].findBy('category_id', categoryId).length };
}

export const BEHAVIOURS: Partial<Record<ResourceName, ResourceBehaviour>> = {
  /** States move only along the allowed actions; the deal id comes with the first activation. */
  activation: { beforeWrite: prepareActivation },
  /** Users are unique by e-mail (the 409 names the email field). */
  user: {
    beforeStore: (repositories, row) => {
      if (repositories.user.findBy('email', row.email).some((other) => other.id !== row.id)) throw emailTaken();
    },
  },
  /** A saved report's name is unique within its account (it opens by name). */
  'saved-report': { beforeStore: assertSavedReportNameFree },
  /** A domain list an activation uses is not deleted (the 409 names the activation). */
  'domain-list': { beforeDelete: assertListUnused },
  /** decisions §3 reading A: a contract with a non-empty measurement list is active. */
  contract: { derive: (row) => ({ active: Array.isArray(row.measurements) && row.measurements.length > 0 }) },
  /** What is left of the amount once the contract's spend is drawn (billing-spend.ts). */
  'purchase-order': {
    derive: (row, { app, repositories }) => ({
      remaining: purchaseOrderRemaining(app, repositories, row as unknown as PurchaseOrder),
    }),
    deriveReadsOthers: true,
  },
  /**
   * A label that measurements or saved reports use is not deleted: the 409 gives the count, which
   * the UI reads first (GET /api/v1/label-value/usage) and shows before the user confirms. Silent
   * detaching would change measurements their writers did not touch.
   */
  'label-value': {
    beforeDelete: (repositories, row) => {
      const { measurements, saved_reports } = labelUsage(repositories, row.id);
      if (measurements + saved_reports > 0)
        throw new HttpError(
          409,
          `This label is used by ${plural(measurements, 'measurement', 'measurements')} and ${plural(saved_reports, 'saved report', 'saved reports')}; remove it from them first`,
        );
    },
  },
  /** A category with values is not deleted: delete (or move) its values first. */
  'label-category': {
    beforeDelete: (repositories, row) => {
      const { values } = categoryUsage(repositories, row.id);
      if (values > 0)
        throw new HttpError(409, `This category has ${plural(values, 'label', 'labels')}; delete them first`);
    },
  },
};
