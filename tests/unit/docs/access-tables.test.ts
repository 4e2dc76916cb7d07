import { describe, expect, it } from 'vitest';
import { adminSectionRows, pageAccessRows, permissionRows, ruleText } from '../../../src/docs/access-tables.ts';
import { ADMIN_SECTIONS } from '../../../src/app/routes/index.ts';
import { PERMISSIONS, ROLES } from '../../../src/shared/access.ts';

describe("the guide's access tables", () => {
  it('list every permission, each allowed from its role upwards', () => {
    const rows = permissionRows();
    expect(rows.map((r) => r.permission)).toEqual(Object.keys(PERMISSIONS));
    for (const row of rows) {
      const from = ROLES.indexOf(row.from);
      for (const [i, role] of ROLES.entries()) expect(row.allowed[role], `${row.permission} ${role}`).toBe(i >= from);
      expect(row.text.length).toBeGreaterThan(10);
    }
  });

  it('say what each page needs, in words, from the route table', () => {
    const byPath = Object.fromEntries(pageAccessRows().map((r) => [r.path, r.rule]));
    expect(byPath['/measurements']).toBe('account with LAMP access');
    expect(byPath['/measurements/create']).toBe('account with LAMP access · write or above');
    expect(byPath['/spotlight']).toBe('account with Spotlight access');
    expect(byPath['/users']).toBe('admin or above');
    expect(byPath['/']).toBe('every signed-in user');
    expect(Object.keys(byPath).some((p) => p.includes(':') || p.startsWith('/admin'))).toBe(false);
  });

  it('list every admin section with its menu and rule', () => {
    const rows = adminSectionRows();
    expect(rows).toHaveLength(ADMIN_SECTIONS.length);
    expect(rows.find((r) => r.title === 'Lookup Tables' || r.title === 'Lookup tables')?.rule).toBe(
      'your own account is a product owner · super or above',
    );
    expect(ruleText({ productOwner: true, role: 'root' })).toBe('your own account is a product owner · root or above');
  });
});
