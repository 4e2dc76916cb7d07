/**
 * Per-resource behaviour of the resource engine (resources.ts), in one table instead of
 * `name === '…'` branches or hooks matching a URL: the server-owned defaults of a new row, fields
 * derived for clients, rules that complete and check a row about to be written (copies, state
 * rules, who may grant what), figures stored with the row, and checks before and after a delete.
 * Everything a write adds happens before its one store write.
 *
 * Derived fields depend on the row alone unless the entry says `deriveReadsOthers`: list bodies
 * cache each row's JSON until the row object is replaced (list-body.ts), which a field computed
 * from other collections (a purchase order's remaining amount) must not be. Counts a page asks for
 * once (a label's usage) are read through their own endpoints instead (label-usage.ts).
 */
import {
  resources,
  type Contract,
  type Measurement,
  type PurchaseOrder,
  type ResourceName,
  type StoredUser,
} from '../../../src/shared/schemas/index.ts';
import { storedUserRow } from '../../../src/shared/schemas/user.ts';
import { contractActive } from '../../../src/shared/contracts.ts';
import { announceEmailChange, emailInUse, stageEmailChange } from '../../auth/email-change.ts';
import { todayUtc } from '../../sandbox/context.ts';
import type { Repositories } from '../../store/repositories.ts';
import { badRequest, emailTaken, HttpError } from '../../http-errors.ts';
import { measurementSummary } from '../measurements/metrics.ts';
import { canSeeRow } from './resource-rules.ts';
import { assertUserChangeAllowed } from '../accounts/user-rules.ts';
import { assertActivationDeletable, assertListUnused, prepareActivation } from '../activations/activation-rules.ts';
import { purchaseOrderRemaining } from './billing-spend.ts';
import { assertLabelCategoryNameFree, assertSavedReportNameFree } from './unique-names.ts';
import { reportScheduleBehaviour } from '../reports/report-schedules.ts';
import { nameMappingBehaviour } from '../measurements/name-mappings.ts';
import { IN_USE_GUARDED } from '../../../src/shared/reference-usage.ts';
import { refuseWhileReferenced } from './reference-usage.ts';
import type { ResourceBehaviour } from './behaviour-types.ts';

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
  /**
   * Lookups (vendors among them), upload and custom parameter templates and projects are not
   * deleted while other rows point at them: the 409 gives the counts (reference-usage.ts), which
   * the UI reads first (GET /api/v1/row-usage). Silently dangling ids would break those rows.
   */
  ...Object.fromEntries(IN_USE_GUARDED.map((name) => [name, { beforeDelete: refuseWhileReferenced(name) }])),
  /**
   * A measurement stores the summary (impressions, APM) of the delivery its id and flight give
   * it, with the write itself, so the list and the dashboard agree from the first moment.
   */
  measurement: {
    defaults: () => ({ impressions: 0, apm: null }),
    beforeStore: (_repositories, row, { app }) => {
      Object.assign(row, measurementSummary(app, row as unknown as Measurement));
    },
  },
  /** A job starts queued and empty, and records who made it. */
  'import-job': { defaults: (user) => ({ status: 'queued', rows_total: 0, rows_imported: 0, created_by: user.id }) },
  /**
   * States move only along the allowed actions; the deal id comes with the first activation;
   * settings change as a draft or paused; a live or paused deal is ended before it is deleted.
   */
  activation: { beforeWrite: prepareActivation, beforeDelete: assertActivationDeletable },
  /**
   * Users: created unverified, never signed in, without a password (an invitation or reset link
   * sets one); unique by e-mail (the 409 names the email field); the grant and sign-in rules of
   * user-rules.ts; a changed e-mail waits for its confirmation link (server/auth/email-change.ts);
   * nobody deletes themselves, and a deleted user's sessions end.
   */
  user: {
    defaults: () => ({ email_verified: false, last_login_at: null, password_hash: null }),
    storedRow: storedUserRow,
    authorise: assertUserChangeAllowed,
    beforeStore: (repositories, row, { app }) => {
      const current = repositories.user.byId(row.id);
      const pending = current ? stageEmailChange(row as unknown as StoredUser, current) : null;
      if (emailInUse(app, pending ?? (row.email as string), row.id)) throw emailTaken();
    },
    afterWrite: async (row, before, { app }) => {
      const pending = row.pending_email;
      if (before && typeof pending === 'string' && pending !== before.pending_email)
        await announceEmailChange(app, row as unknown as StoredUser, pending);
    },
    beforeDelete: (_repositories, row, { user }) => {
      if (row.id === user.id) throw new HttpError(409, 'You cannot delete your own user');
    },
    afterDelete: (row, { app }) => app.sessions.destroyForUser(row.id),
  },
  /** Nobody deletes the account they belong to. */
  account: {
    beforeDelete: (_repositories, row, { user }) => {
      if (row.id === user.account) throw new HttpError(409, 'You cannot delete your own account');
    },
  },
  /** A saved report's name is unique within its account (it opens by name); it records its maker. */
  'saved-report': { defaults: (user) => ({ created_by: user.id }), beforeStore: assertSavedReportNameFree },
  /** Scheduled only by those who may change the report, to the account's users, from now (report-schedules.ts). */
  'report-schedule': reportScheduleBehaviour,
  /** A domain list an activation uses is not deleted (the 409 names the activation). */
  'domain-list': { beforeDelete: assertListUnused },
  /**
   * decisions §3 reading A: active while today falls within its dates and its measurement list is
   * not empty. Read off the stored row: the row shown may be a viewer's share of the list
   * (visibleShare), and the flag must not depend on who looks.
   */
  contract: {
    derive: (row, { repositories }) => ({
      active: contractActive((repositories.contract.byId(row.id) ?? row) as unknown as Contract, todayUtc()),
    }),
    deriveReadsOthers: true,
  },
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
    /** A label carries a copy of its category (name and account), for lists and isolation. */
    beforeWrite: (repositories, row, _current, { user }) => {
      if (typeof row.category_id !== 'string') return;
      const category = repositories['label-category'].byId(row.category_id);
      if (!category || !canSeeRow(user, resources['label-category'], category))
        throw badRequest('category_id: no such label category');
      row.category = { id: category.id, name: category.name, account: category.account };
    },
    beforeDelete: (repositories, row) => {
      const { measurements, saved_reports } = labelUsage(repositories, row.id);
      if (measurements + saved_reports > 0)
        throw new HttpError(
          409,
          `This label is used by ${plural(measurements, 'measurement', 'measurements')} and ${plural(saved_reports, 'saved report', 'saved reports')}; remove it from them first`,
        );
    },
  },
  /** A lookup type names its lookup row, placement and creative their clean name; one mapping per raw name. */
  'name-mapping': nameMappingBehaviour,
  /**
   * A category's name is unique within its account, as a saved report's (unique-names.ts); a
   * category with values is not deleted: delete (or move) its values first.
   */
  'label-category': {
    beforeStore: assertLabelCategoryNameFree,
    beforeDelete: (repositories, row) => {
      const { values } = categoryUsage(repositories, row.id);
      if (values > 0)
        throw new HttpError(409, `This category has ${plural(values, 'label', 'labels')}; delete them first`);
    },
  },
};
