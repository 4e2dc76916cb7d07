/**
 * The logic of the admin account sections: reading bulk-create input, the shared row checks the
 * browser and the server both run, who may change which grant, a user's grants across accounts,
 * the details form's mapping, and the name mapper the server applies to metric rows.
 */
import { describe, expect, it } from 'vitest';
import { readBulkUsers } from '../../../src/app/features/admin/account/bulkUsers.ts';
import { detailsSchema, detailsUpdate } from '../../../src/app/features/admin/account/details.ts';
import { grantActions } from '../../../src/lib/grants.ts';
import { userGrantLines } from '../../../src/app/features/admin/account/userGrants.ts';
import { bulkIssueFromPath, bulkIssuePath, checkBulkUserRows } from '../../../src/shared/schemas/account-users.ts';
import type { User } from '../../../src/shared/schemas/user.ts';

describe('bulk-create input', () => {
  it('reads a CSV with a header in any order, and pasted tab-separated lines without one', () => {
    const csv = readBulkUsers('Email,First name,Last name,Role\r\nada@example.com,Ada,Lovelace,Write\n\n');
    expect(csv).toEqual({
      rows: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'write' }],
      error: null,
    });
    const pasted = readBulkUsers('Alan\tTuring\talan@example.com\nGrace\tHopper\tgrace@example.com\tadmin');
    expect(pasted.rows).toEqual([
      { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com', role: 'read' },
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', role: 'admin' },
    ]);
    expect(readBulkUsers('"unterminated').error).toMatch(/not valid CSV/);
    expect(readBulkUsers('  ').rows).toEqual([]);
  });

  it('checks every row and reports each bad field, and an e-mail given twice', () => {
    const { valid, issues } = checkBulkUserRows([
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@example.com', role: 'write' },
      { first_name: '', last_name: 'X', email: 'nope', role: 'read' },
      { first_name: 'Ada', last_name: 'Again', email: 'ada@example.com', role: 'root' },
      { first_name: 'Alan', last_name: 'Turing', email: 'ada@example.com', role: 'read' },
    ]);
    expect(valid[0]).toMatchObject({ email: 'ada@example.com' });
    expect(valid.slice(1)).toEqual([null, null, null]);
    expect(issues).toEqual([
      { row: 2, field: 'first_name', message: 'First name required' },
      { row: 2, field: 'email', message: 'Invalid email format' },
      { row: 3, field: 'role', message: 'Role must be one of read, write, admin' },
      { row: 4, field: 'email', message: 'The same e-mail as row 1' },
    ]);
  });

  it('names an issue by row and field in a 400 body, and back', () => {
    const issue = { row: 3, field: 'email' as const, message: 'taken' };
    expect(bulkIssuePath(issue)).toBe('rows.3.email');
    expect(bulkIssueFromPath('rows.3.email', 'taken')).toEqual(issue);
    expect(bulkIssueFromPath('account', 'bad')).toBeNull();
  });
});

describe('grants', () => {
  const grant = (role: 'read' | 'write' | 'admin' | 'root', kind: 'account' | 'root', own = false) => ({
    user: { id: 'u1', first_name: 'A', last_name: 'B', email: 'a@b.test', account: 'acc' },
    role,
    kind,
    own_account: own,
    version: '"v1"',
  });

  it('are changed and revoked only as the server allows', () => {
    expect(grantActions(grant('write', 'account'), 'admin', 'me')).toEqual({ changeRole: true, revoke: true });
    expect(grantActions(grant('admin', 'account', true), 'admin', 'me')).toEqual({ changeRole: true, revoke: false });
    expect(grantActions(grant('admin', 'account'), 'write', 'me')).toEqual({ changeRole: false, revoke: false });
    expect(grantActions(grant('root', 'root', true), 'super', 'me')).toEqual({ changeRole: false, revoke: false });
    expect(grantActions(grant('read', 'account'), 'root', 'u1')).toEqual({ changeRole: false, revoke: false });
  });

  it("list a user's roles across accounts: own account, access grants, root and super", () => {
    const user = {
      account: 'own',
      super_admin: false,
      access_grants: [
        { id: 'own', type: 'account', role: 'admin' },
        { id: 'other', type: 'account', role: 'read' },
      ],
      root_account_access_grants: [],
    } as unknown as User;
    expect(userGrantLines(user)).toEqual([
      { account: 'own', role: 'admin', source: 'Own account' },
      { account: 'other', role: 'read', source: 'Access grant' },
    ]);
    const root = {
      ...user,
      super_admin: true,
      root_account_access_grants: [{ id: 'own', type: 'account', role: 'root' }],
    };
    expect(userGrantLines(root as User).map((l) => l.source)).toEqual([
      'Super admin',
      'Root grant',
      'Own account',
      'Access grant',
    ]);
  });
});

describe('the details form', () => {
  it('maps flat fields to the account row, an empty logo meaning the product logo', () => {
    const parsed = detailsSchema.parse({
      name: ' Acme ',
      type: 'partner',
      primary_colour: '#aa3377',
      secondary_colour: '#334155',
      logo: '  ',
      spotlight_access: true,
      lamp_access: false,
    });
    expect(detailsUpdate(parsed)).toEqual({
      name: 'Acme',
      type: 'partner',
      theme: { primary_colour: '#aa3377', secondary_colour: '#334155', logo: null },
      feature_flags: { spotlight_access: true, lamp_access: false },
    });
    expect(detailsSchema.safeParse({ ...parsed, logo: 'http://insecure.example/logo.png' }).success).toBe(false);
    expect(detailsSchema.safeParse({ ...parsed, logo: '', primary_colour: 'teal' }).success).toBe(false);
  });
});
