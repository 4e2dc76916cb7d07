import { describe, expect, it } from 'vitest';
import { resultHref, SEARCH_RESULT_TYPES, type SearchViewer } from '../../../src/app/shell/search-routes.ts';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';
import type { Role } from '../../../src/shared/access.ts';

const PO = DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS[0] as string;
const CLIENT = '650000000000000000000003';
const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const CATEGORY = 'bbbbbbbbbbbbbbbbbbbbbbbb';

function viewer(role: Role, options: { own?: string; lamp?: boolean } = {}): SearchViewer {
  return {
    role,
    account: { id: CLIENT, feature_flags: { lamp_access: options.lamp ?? true, spotlight_access: false } },
    ownAccountId: options.own ?? CLIENT,
    productOwnerAccountIds: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
  };
}

const label = { id: ID, name: 'Q4', category_id: CATEGORY };
const user = { id: ID, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@northwind.test' };

describe('where a search result leads (decisions §8)', () => {
  it('opens a label value for editing for admins, and the measurements carrying it for write users', () => {
    expect(resultHref('label-value', label, viewer('admin'))).toBe(`/labels/${CATEGORY}/${ID}/edit`);
    expect(resultHref('label-value', label, viewer('write'))).toBe(`/measurements?label=${ID}`);
    // Without lamp_access the measurements list is not theirs to open either: no link.
    expect(resultHref('label-value', label, viewer('write', { lamp: false }))).toBeNull();
  });

  it('opens a label category in Labels for admins, and its measurements for write users', () => {
    expect(resultHref('label-category', { id: CATEGORY }, viewer('admin'))).toBe(`/labels?labelCategoryId=${CATEGORY}`);
    expect(resultHref('label-category', { id: CATEGORY }, viewer('write'))).toBe(
      `/measurements?labelCategoryId=${CATEGORY}`,
    );
  });

  it('opens a user in the admin area for root users of a product owner, in Users for account admins, else nowhere', () => {
    expect(resultHref('user', user, viewer('root', { own: PO }))).toBe(`/admin/users/${ID}`);
    expect(resultHref('user', user, viewer('super', { own: PO }))).toBe(`/admin/users/${ID}`);
    expect(resultHref('user', user, viewer('admin'))).toBe('/users?search=ada%40northwind.test');
    expect(resultHref('user', user, viewer('write'))).toBeNull();
    expect(resultHref('user', user, viewer('read'))).toBeNull();
  });

  it("sends the root sections' results to the admin area, which needs a product-owner user", () => {
    expect(resultHref('account', { id: CLIENT }, viewer('root', { own: PO }))).toBe(`/admin/accounts/${CLIENT}`);
    expect(resultHref('account', { id: CLIENT }, viewer('root', { own: CLIENT }))).toBeNull();
  });

  it('keeps the spec routes for the rest', () => {
    const v = viewer('write');
    expect(resultHref('measurement', { id: ID }, v)).toBe(`/measurements/${ID}`);
    expect(resultHref('import-job', { id: ID, measurement: CATEGORY }, v)).toBe(
      `/measurements/${CATEGORY}/data-imports/${ID}`,
    );
    expect(resultHref('report', { id: ID }, v)).toBe(`/reports/${ID}`);
    expect(resultHref('purchase-order', { id: ID }, v)).toBe(`/billing/purchase-orders/${ID}`);
    expect(resultHref('purchase-order', { id: ID }, viewer('read'))).toBeNull();
    expect(resultHref('unknown', { id: ID }, v)).toBeNull();
  });

  it('knows a route for every searchable resource type of the spec', () => {
    expect([...SEARCH_RESULT_TYPES].sort()).toEqual(
      [
        'account',
        'contract',
        'custom-parameter-template',
        'import-job',
        'label-category',
        'label-value',
        'measurement',
        'project',
        'purchase-order',
        'report',
        'third-party-macro',
        'user',
      ].sort(),
    );
  });
});
