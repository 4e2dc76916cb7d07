// @vitest-environment happy-dom
/**
 * The admin sections are declared once, one folder each (src/app/features/admin/sections/<slug>/:
 * its entry.ts, and the declaration.tsx its generic pages render), collected into the route table
 * (src/app/routes/admin-entries.ts, admin-sections.ts): the routes, the sidebar's two menus and the
 * admin home's cards all show that list.
 */
import { existsSync, readdirSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminHomePage from '../../../src/app/features/admin/AdminHomePage.tsx';
import { ADMIN_MENUS, ADMIN_SECTIONS, routeById, routes } from '../../../src/app/routes/index.ts';
import AdminMenu from '../../../src/app/shell/sections/AdminMenu.tsx';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';
import type { Account } from '../../../src/shared/schemas/account.ts';
import type { CurrentUser } from '../../../src/shared/schemas/user.ts';
import { $accounts, $selectedAccountId } from '../../../src/stores/account.ts';
import { $currentUser } from '../../../src/stores/session.ts';

const SECTIONS_DIR = 'src/app/features/admin/sections';
const ids = (sections: readonly { id: string }[]) => sections.map((section) => section.id);
/** The routes no section pattern covers (routes/admin.ts), each owned by a section. */
const EXTRA_ADMIN_ROUTES = [
  'admin',
  'admin.contract',
  'admin.lookup.create',
  'admin.lookup',
  'admin.import-job-status',
];

describe('the admin sections', () => {
  it("each sit in one menu, in the table's order", () => {
    expect(ids(ADMIN_MENUS.account)).toEqual(ids(ADMIN_SECTIONS.filter((s) => s.menu === 'account')));
    expect(ids(ADMIN_MENUS.global)).toEqual(ids(ADMIN_SECTIONS.filter((s) => s.menu === 'global')));
    expect([...ids(ADMIN_MENUS.account), ...ids(ADMIN_MENUS.global)].sort()).toEqual(ids(ADMIN_SECTIONS).sort());
  });

  it('give exactly the admin routes: list, create, bulk-create and detail as declared', () => {
    const expected = ADMIN_SECTIONS.flatMap((section) => {
      const list = routeById(`admin.${section.id}`);
      expect(list.path).toBe(`/admin/${section.id}`);
      expect(list.title).toBe(`${section.title} | Admin`);
      expect(list.access).toEqual(section.access);
      expect(list.sidebar).toBe('admin');
      return [
        list.id,
        ...(section.create ? [`admin.${section.id}.create`] : []),
        ...(section.bulk ? [`admin.${section.id}.bulk-create`] : []),
        ...(section.detailParam ? [`admin.${section.id}.detail`] : []),
      ];
    });
    const admin = routes.filter((route) => route.path.startsWith('/admin')).map((route) => route.id);
    expect(admin.sort()).toEqual([...expected, ...EXTRA_ADMIN_ROUTES].sort());
  });

  it('are one folder each: its entry, and a declaration when a generic page renders it', () => {
    // Read from the folders (vitest runs from the repository's root): this DOM test cannot load scripts/.
    const folders = readdirSync(SECTIONS_DIR);
    for (const folder of folders)
      expect(existsSync(`${SECTIONS_DIR}/${folder}/entry.ts`), `sections/${folder} has no entry.ts`).toBe(true);
    expect(ids(ADMIN_SECTIONS).sort()).toEqual(folders.sort());
    const generic = /^admin\/Admin(List|Create|Detail)Page$/;
    for (const section of ADMIN_SECTIONS) {
      const declared = existsSync(`${SECTIONS_DIR}/${section.id}/declaration.tsx`);
      const pages = routes.filter((route) => route.id.startsWith(`admin.${section.id}`)).map((route) => route.page);
      if (pages.some((page) => generic.test(page)))
        expect(declared, `${section.id}: a generic page renders sections/${section.id}/declaration.tsx`).toBe(true);
    }
  });

  it("keep the menus in the order of spec §2 (the entries' `order`)", () => {
    expect(ids(ADMIN_MENUS.account)).toEqual([
      'details',
      'users',
      'access',
      'account-contracts',
      'reports',
      'name-mapping',
      'activity',
    ]);
    expect(ids(ADMIN_MENUS.global)).toEqual([
      'accounts',
      'third-party-macros',
      'all-contracts',
      'projects',
      'custom-parameter-templates',
      'import-job-configs',
      'upload-templates',
      'lookup-tables',
      'import-job-statuses',
      'all-activity',
    ]);
  });
});

describe('what the admin area shows of them', () => {
  // A super admin of a product-owner account opens every section, so every card and item shows.
  const account = {
    id: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS[0],
    name: 'Owner',
    type: 'agency',
    theme: { primary_colour: '#00badb', secondary_colour: '#334155' },
    feature_flags: { lamp_access: true, spotlight_access: false },
  } as unknown as Account;
  const user = {
    id: 'b'.repeat(24),
    account: account.id,
    super_admin: true,
    access_grants: [],
    root_account_access_grants: [],
  } as unknown as CurrentUser;

  beforeAll(() => {
    // The home page's figures: empty lists are enough here.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ data: [], count: 0 }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    $currentUser.set(user);
    $accounts.set([account]);
    $selectedAccountId.set(account.id);
  });
  afterEach(cleanup);

  const links = (container: HTMLElement) =>
    within(container)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('href'), link.textContent]);
  // A card may add a note after the title (the super sections' badge).
  const expected = (menu: keyof typeof ADMIN_MENUS) =>
    ADMIN_MENUS[menu].map((section): [string, unknown] => [
      `/admin/${section.id}`,
      expect.stringMatching(new RegExp(`^${section.title}`)) as unknown,
    ]);

  it('the admin home has a card per section, under its menu', () => {
    render(<AdminHomePage />);
    expect(links(screen.getByRole('region', { name: 'Account Admin Menu' }))).toEqual(expected('account'));
    expect(links(screen.getByRole('region', { name: 'Global Admin Menu' }))).toEqual(expected('global'));
  });

  it('the sidebar has an item per section, under its menu', () => {
    render(<AdminMenu />);
    expect(links(screen.getByRole('group', { name: 'Account Admin Menu' }))).toEqual(expected('account'));
    expect(links(screen.getByRole('group', { name: 'Global Admin Menu' }))).toEqual(expected('global'));
  });
});
