import { describe, expect, it } from 'vitest';
import {
  accountsOf,
  can,
  canAccessAccount,
  canChangeSignIn,
  checkAccess,
  effectiveRole,
  canSpotlight,
  grantableRoles,
  lowestRole,
  mayGrant,
  PERMISSIONS,
  roleAtLeast,
  ROLES,
  SPOTLIGHT_PERMISSIONS,
  SPOTLIGHT_ROLES,
  type AccessContext,
  type AccessSubject,
  type Permission,
  type Role,
  type SpotlightPermission,
  type SpotlightRole,
} from '../../../src/shared/access.ts';
import { canSeeRow, canWriteRow, makerAllows, writeRefusal } from '../../../src/shared/row-access.ts';

const user = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  account: 'own',
  super_admin: false,
  access_grants: [],
  root_account_access_grants: [],
  ...over,
});

describe('effective role (spec §4, decisions §3)', () => {
  it('is super for super_admin, whatever the account', () => {
    expect(effectiveRole(user({ super_admin: true }), 'any')).toBe('super');
  });
  it('is root only for a root-account grant on the user’s own account', () => {
    expect(
      effectiveRole(user({ root_account_access_grants: [{ id: 'own', type: 'account', role: 'root' }] }), 'x'),
    ).toBe('root');
    expect(
      effectiveRole(user({ root_account_access_grants: [{ id: 'other', type: 'account', role: 'root' }] }), 'x'),
    ).toBe('read');
  });
  it('takes admin or write from the grant for the selected account only', () => {
    const u = user({
      access_grants: [
        { id: 'a', type: 'account', role: 'admin' },
        { id: 'b', type: 'account', role: 'write' },
      ],
    });
    expect(effectiveRole(u, 'a')).toBe('admin');
    expect(effectiveRole(u, 'b')).toBe('write');
    expect(effectiveRole(u, 'c')).toBe('read');
  });
});

describe('role ladder and permissions (spec §6)', () => {
  it('orders read < write < admin < root < super', () => {
    expect(roleAtLeast('super', 'read')).toBe(true);
    expect(roleAtLeast('write', 'admin')).toBe(false);
  });
  it('gives Billing to write, Users and Labels to admin, admin sections to root and super', () => {
    expect(can('read', 'billing.view')).toBe(false);
    expect(can('write', 'billing.view')).toBe(true);
    expect(can('write', 'users.manage')).toBe(false);
    expect(can('admin', 'labels.manage')).toBe(true);
    expect(can('admin', 'admin.root')).toBe(false);
    expect(can('root', 'admin.super')).toBe(false);
    expect(can('super', 'admin.super')).toBe(true);
  });
});

describe('each permission (spec §6)', () => {
  const ladder = ROLES.map((role, rank) => ({ role, rank }));
  it.each(Object.entries(PERMISSIONS) as [Permission, Role][])(
    '%s: from %s upwards, never below',
    (permission, from) => {
      for (const { role, rank } of ladder) expect(can(role, permission), role).toBe(rank >= ROLES.indexOf(from));
    },
  );
  it.each(Object.entries(SPOTLIGHT_PERMISSIONS) as [SpotlightPermission, SpotlightRole][])(
    '%s: from the Spotlight %s upwards; nobody without a Spotlight role',
    (permission, from) => {
      for (const [rank, role] of SPOTLIGHT_ROLES.entries())
        expect(canSpotlight(role, permission), role).toBe(rank >= SPOTLIGHT_ROLES.indexOf(from));
      expect(canSpotlight(null, permission)).toBe(false);
    },
  );
  it('follows the spec where it names the role', () => {
    expect(PERMISSIONS['measurement.write']).toBe('write');
    expect(PERMISSIONS['users.manage']).toBe('admin');
    expect(PERMISSIONS['labels.manage']).toBe('admin');
    expect(PERMISSIONS['admin.root']).toBe('root');
    expect(PERMISSIONS['admin.super']).toBe('super');
    expect(PERMISSIONS['search.global']).toBe('root');
  });
});

describe('the grant rule: nobody grants more than they hold', () => {
  it('lets each role give, change or remove roles up to its own', () => {
    for (const granter of ROLES)
      for (const role of ROLES)
        expect(mayGrant(granter, role), `${granter} → ${role}`).toBe(roleAtLeast(granter, role));
  });
  it('offers the account roles up to the granter’s own, never root or super', () => {
    expect(grantableRoles('read')).toEqual(['read']);
    expect(grantableRoles('write')).toEqual(['read', 'write']);
    expect(grantableRoles('admin')).toEqual(['read', 'write', 'admin']);
    expect(grantableRoles('root')).toEqual(['read', 'write', 'admin']);
    expect(grantableRoles('super')).toEqual(['read', 'write', 'admin']);
  });
});

describe('account access', () => {
  it('lets users into their own account and granted ones; root everywhere', () => {
    const u = user({ access_grants: [{ id: 'g', type: 'account', role: 'read' }] });
    expect(canAccessAccount(u, 'own')).toBe(true);
    expect(canAccessAccount(u, 'g')).toBe(true);
    expect(canAccessAccount(u, 'x')).toBe(false);
    expect(
      canAccessAccount(user({ root_account_access_grants: [{ id: 'own', type: 'account', role: 'root' }] }), 'x'),
    ).toBe(true);
  });
});

describe('route rules (spec §5)', () => {
  const account = (lamp: boolean, spotlight = false, id = 'acc') => ({
    id,
    feature_flags: { lamp_access: lamp, spotlight_access: spotlight },
  });
  const context = (over: Partial<AccessContext> = {}): AccessContext => ({
    role: 'super',
    account: account(true),
    ownAccountId: 'own',
    productOwnerAccountIds: [],
    ...over,
  });
  it('gives a user error when the selected account lacks lamp_access', () => {
    expect(checkAccess({ feature: 'lamp_access' }, context({ account: account(false) }))).toBe('user');
  });
  it("reads the product-owner rule from the user's own account, not the selected one (decisions §3)", () => {
    // A root user of a product-owner account administers whichever account they view.
    expect(
      checkAccess(
        { productOwner: true, role: 'root' },
        context({
          role: 'root',
          account: account(true, false, 'client'),
          ownAccountId: 'po',
          productOwnerAccountIds: ['po'],
        }),
      ),
    ).toBeNull();
    // Anyone else gets the account access error (their account lacks it), even while viewing a
    // product-owner account.
    expect(
      checkAccess(
        { productOwner: true },
        context({ account: account(true, false, 'po'), ownAccountId: 'client', productOwnerAccountIds: ['po'] }),
      ),
    ).toBe('user');
  });
  it('gives an account error when the role is too low', () => {
    expect(checkAccess({ role: 'admin' }, context({ role: 'write' }))).toBe('account');
  });
  it('gives an account error when the role lacks the rule’s permission, and names the least role', () => {
    expect(checkAccess({ permission: 'users.manage' }, context({ role: 'write' }))).toBe('account');
    expect(checkAccess({ permission: 'users.manage' }, context({ role: 'admin' }))).toBeNull();
    expect(lowestRole({ permission: 'admin.super' })).toBe('super');
    expect(lowestRole({ role: 'write', permission: 'labels.manage' })).toBe('admin');
    expect(lowestRole({})).toBe('read');
  });
  it('gives a spotlight error without Spotlight access', () => {
    expect(
      checkAccess({ feature: 'spotlight_access' }, context({ role: 'admin', account: account(true, false) })),
    ).toBe('spotlight');
  });
  it('passes when every condition holds', () => {
    expect(
      checkAccess(
        { feature: 'lamp_access', productOwner: true, role: 'root' },
        context({ role: 'root', ownAccountId: 'po', productOwnerAccountIds: ['po'] }),
      ),
    ).toBeNull();
  });
});

describe('row rules shared by the server and the UI', () => {
  const person = (over: Partial<AccessSubject & { id: string }> = {}): AccessSubject & { id: string } => ({
    id: 'u1',
    account: 'a1',
    super_admin: false,
    access_grants: [
      { id: 'a1', type: 'account', role: 'write' },
      { id: 'a2', type: 'account', role: 'read' },
    ],
    root_account_access_grants: [],
    ...over,
  });
  const perAccount = { accountPath: 'account', writePermission: 'measurement.write' } as const;
  const shared = { accountPath: 'accounts', writePermission: 'admin.root' } as const;
  const optional = { accountPath: 'account?', writePermission: 'measurement.write' } as const;

  it('sees rows of its accounts and global rows where the resource has them', () => {
    expect(canSeeRow(person(), perAccount, { account: 'a2' })).toBe(true);
    expect(canSeeRow(person(), perAccount, { account: 'a3' })).toBe(false);
    expect(canSeeRow(person(), optional, { account: null })).toBe(true);
    expect(canSeeRow(person(), shared, { accounts: ['a3', 'a1'] })).toBe(true);
    expect(canSeeRow(person({ super_admin: true }), perAccount, { account: 'a3' })).toBe(true);
  });

  it('writes where its role there is enough; a global row needs root; every owner must allow it', () => {
    expect(canWriteRow(person(), perAccount, { account: 'a1' })).toBe(true);
    expect(canWriteRow(person(), perAccount, { account: 'a2' })).toBe(false);
    expect(writeRefusal(person(), perAccount, 'a2')).toBe('role');
    expect(writeRefusal(person(), perAccount, 'a3')).toBe('foreign-account');
    expect(canWriteRow(person(), optional, { account: null })).toBe(false);
    const root = person({ root_account_access_grants: [{ id: 'a1', type: 'account', role: 'root' }] });
    expect(canWriteRow(root, optional, { account: null })).toBe(true);
    expect(canWriteRow(root, shared, { accounts: ['a1', 'a9'] })).toBe(true);
    expect(canWriteRow(person(), shared, { accounts: [] })).toBe(false);
  });

  it("lets a row's maker change it, and others only with the maker's rule's permission", () => {
    const ownRows = {
      accountPath: 'account',
      writePermission: 'reports.save',
      creator: { field: 'created_by', othersPermission: 'reports.manage' },
    } as const;
    const reader = person({ access_grants: [{ id: 'a1', type: 'account', role: 'read' }] });
    expect(canWriteRow(reader, ownRows, { account: 'a1', created_by: 'u1' })).toBe(true);
    expect(canWriteRow(reader, ownRows, { account: 'a1', created_by: 'u2' })).toBe(false);
    expect(makerAllows(reader, ownRows, { account: 'a1', created_by: 'u2' })).toBe(false);
    const admin = person({ access_grants: [{ id: 'a1', type: 'account', role: 'admin' }] });
    expect(canWriteRow(admin, ownRows, { account: 'a1', created_by: 'u2' })).toBe(true);
  });
});

describe('who may change what lets someone sign in as a user', () => {
  const person = (id: string, account: string, grants: [string, string][], over: Partial<AccessSubject> = {}) => ({
    id,
    ...user({ account, access_grants: grants.map(([grantId, role]) => ({ id: grantId, type: 'account', role })) }),
    ...over,
  });
  const tailspinAdmin = person('ta', 'tailspin', [['tailspin', 'admin']]);
  const contosoAdmin = person('ca', 'contoso', [['contoso', 'admin']]);
  const bothAdmin = person('ba', 'tailspin', [
    ['tailspin', 'admin'],
    ['contoso', 'admin'],
  ]);
  const rootUser = person('r', 'hq', [], { root_account_access_grants: [{ id: 'hq', type: 'account', role: 'root' }] });
  const otherRoot = person('r2', 'hq', [], {
    root_account_access_grants: [{ id: 'hq', type: 'account', role: 'root' }],
  });
  const superUser = person('s', 'hq', [], { super_admin: true });
  const sharedReader = person('v', 'tailspin', [
    ['tailspin', 'read'],
    ['contoso', 'read'],
  ]);

  it('counts every account the user works in: their own and each grant', () => {
    expect(accountsOf(sharedReader)).toEqual(['tailspin', 'contoso']);
    expect(accountsOf(person('x', 'own', [['b', 'read']]))).toEqual(['own', 'b']);
  });
  it('refuses an admin who outranks the user in one of their accounts only', () => {
    expect(canChangeSignIn(tailspinAdmin, sharedReader)).toBe(false);
    expect(canChangeSignIn(contosoAdmin, sharedReader)).toBe(false);
  });
  it('allows an admin who outranks the user in every account they work in', () => {
    expect(canChangeSignIn(bothAdmin, sharedReader)).toBe(true);
    expect(canChangeSignIn(tailspinAdmin, person('t', 'tailspin', [['tailspin', 'write']]))).toBe(true);
  });
  it('refuses an equal: outranking means a higher role, not the same one', () => {
    expect(canChangeSignIn(tailspinAdmin, person('t2', 'tailspin', [['tailspin', 'admin']]))).toBe(false);
    expect(canChangeSignIn(rootUser, otherRoot)).toBe(false);
  });
  it('lets root change everyone below root, super everyone, and each user themselves', () => {
    expect(canChangeSignIn(rootUser, sharedReader)).toBe(true);
    expect(canChangeSignIn(rootUser, bothAdmin)).toBe(true);
    expect(canChangeSignIn(rootUser, superUser)).toBe(false);
    expect(canChangeSignIn(superUser, otherRoot)).toBe(true);
    expect(canChangeSignIn(superUser, person('s2', 'hq', [], { super_admin: true }))).toBe(true);
    expect(canChangeSignIn(sharedReader, sharedReader)).toBe(true);
  });
});
