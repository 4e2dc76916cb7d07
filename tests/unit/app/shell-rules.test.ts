import { describe, expect, it } from 'vitest';
import { switcherDisabled, selectPlacement } from '../../../src/app/shell/AccountSwitcher.tsx';
import { contractBannerShows } from '../../../src/app/shell/ContractBanner.tsx';
import { navItems, userMenuItems } from '../../../src/app/shell/nav.ts';
import { searchSections, sectionQuery } from '../../../src/app/shell/search.ts';
import { themeColours } from '../../../src/app/shell/theme.ts';
import { resources } from '../../../src/shared/schemas/index.ts';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';

const account = (id: string, lamp = true, spotlight = false) => ({
  id,
  feature_flags: { lamp_access: lamp, spotlight_access: spotlight },
});
const user = (over: Partial<{ account: string; super_admin: boolean; root: boolean; role: string }> = {}) => ({
  account: over.account ?? 'a1',
  super_admin: over.super_admin ?? false,
  access_grants: [{ id: over.account ?? 'a1', type: 'account', role: over.role ?? 'read' }],
  root_account_access_grants: over.root ? [{ id: over.account ?? 'a1', type: 'account', role: 'root' }] : [],
});

describe('navigation', () => {
  it('shows Measurements and Reports only with lamp_access, Spotlight with access, Admin for root', () => {
    expect(navItems(user(), account('a1')).map((i) => i.id)).toEqual([
      'measurements',
      'reports',
      'documentation',
      'support',
    ]);
    expect(navItems(user(), account('a1', false, true)).map((i) => i.id)).toEqual([
      'spotlight',
      'documentation',
      'support',
    ]);
    // Admin: root users whose own account is a product owner, whichever account they view.
    const po = DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS[0] as string;
    expect(navItems(user({ root: true, account: po }), account('a1')).map((i) => i.id)).toContain('admin');
    expect(navItems(user({ root: true }), account('a1')).map((i) => i.id)).not.toContain('admin');
    expect(navItems(user({ account: po, role: 'admin' }), account(po)).map((i) => i.id)).not.toContain('admin');
    // Spotlight in a foreign account needs root.
    expect(navItems(user(), account('other', true, true)).map((i) => i.id)).not.toContain('spotlight');
  });

  it('gates the user menu by role; Switch account on small screens only', () => {
    expect(userMenuItems('read', false).map((i) => i.id)).toEqual(['feedback', 'profile', 'sign-out']);
    expect(userMenuItems('write', false).map((i) => i.id)).toEqual(['billing', 'feedback', 'profile', 'sign-out']);
    expect(userMenuItems('admin', true).map((i) => i.id)).toEqual([
      'switch-account',
      'billing',
      'feedback',
      'profile',
      'users',
      'labels',
      'sign-out',
    ]);
  });
});

describe('the account switcher', () => {
  it('is disabled on create, dynamic and upload pages, and on Spotlight for non-root users', () => {
    expect(switcherDisabled('create', true)).toBe(true);
    expect(switcherDisabled('dynamic', false)).toBe(true);
    expect(switcherDisabled('upload', false)).toBe(true);
    expect(switcherDisabled('spotlight', false)).toBe(true);
    expect(switcherDisabled('spotlight', true)).toBe(false);
    expect(switcherDisabled(null, false)).toBe(false);
  });

  it('opens upward when less than 200 px is free below, as high as the screen allows', () => {
    expect(selectPlacement({ top: 700, bottom: 740 }, 900).placement).toBe('top');
    expect(selectPlacement({ top: 600, bottom: 650 }, 900)).toEqual({ placement: 'bottom', maxHeight: 234 });
  });
});

describe('the contract banner (reading A)', () => {
  const a = account('t1');
  it('shows when no contract of the account has a measurement', () => {
    expect(contractBannerShows(a, [], [])).toBe(true);
    expect(contractBannerShows(a, [{ accounts: ['t1'], measurements: [] }], [])).toBe(true);
    expect(contractBannerShows(a, [{ accounts: ['t1'], measurements: ['m'] }], [])).toBe(false);
  });
  it("follows the server's Active flag, which counts the whole list and the dates", () => {
    // A viewer's share of the list may be empty while the contract is active for everyone.
    expect(contractBannerShows(a, [{ accounts: ['t1'], measurements: [], active: true }], [])).toBe(false);
    expect(contractBannerShows(a, [{ accounts: ['t1'], measurements: ['m'], active: false }], [])).toBe(true);
    // Without the flag, an ended contract is not active.
    const ended = { accounts: ['t1'], measurements: ['m'], start_date: '2020-04-01', end_date: '2021-03-31' };
    expect(contractBannerShows(a, [ended], [])).toBe(true);
    expect(contractBannerShows(a, [{ ...ended, end_date: null }], [])).toBe(false);
  });
  it('never shows for exempt accounts or without lamp_access', () => {
    expect(contractBannerShows(a, [], ['t1'])).toBe(false);
    expect(contractBannerShows(account('t1', false), [], [])).toBe(false);
  });
});

describe('global search sections', () => {
  const lamp = { lamp_access: true, spotlight_access: false };
  const titles = (role: Parameters<typeof searchSections>[1], features = lamp) =>
    searchSections(resources, role, features).map((s) => s.title);
  it('cover what each role may search, alphabetically', () => {
    expect(titles('read')).toEqual(['Import Jobs', 'Measurements', 'Reports', 'Users']);
    expect(titles('write')).toEqual([
      'Import Jobs',
      'Label Categories',
      'Labels',
      'Measurements',
      'Purchase Orders',
      'Reports',
      'Users',
    ]);
    expect(titles('root')).toEqual([
      'Accounts',
      'Contracts',
      'Custom Parameter Templates',
      'Import Jobs',
      'Label Categories',
      'Labels',
      'Measurements',
      'Projects',
      'Purchase Orders',
      'Reports',
      'Third Party Macros',
      'Users',
    ]);
  });
  it('leave out what needs lamp_access in an account without it (the server refuses it)', () => {
    expect(titles('write', { lamp_access: false, spotlight_access: false })).toEqual([
      'Label Categories',
      'Labels',
      'Purchase Orders',
      'Users',
    ]);
  });
  it('ask for 10 results from the first', () => {
    const [section] = searchSections(resources, 'read', lamp);
    expect(sectionQuery(section!, 'north', 'a'.repeat(24))).toMatchObject({ search: 'north', limit: '10', skip: '0' });
  });
});

describe('the theme', () => {
  it('falls back to #00badb and slate-700', () => {
    expect(themeColours(null)).toEqual({ primary: '#00badb', secondary: '#334155' });
    expect(themeColours({ primary_colour: '#112233', secondary_colour: 'bad' })).toEqual({
      primary: '#112233',
      secondary: '#334155',
    });
  });
});
