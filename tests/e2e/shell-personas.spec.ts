import { expect, test } from './helpers/sandbox.ts';
import { messages } from '../../src/shared/messages.ts';
import { openApp, signIn } from './helpers/session.ts';

/**
 * The persona matrix: for every persona of decisions.md §1, which top-nav and
 * user-menu items it sees, and which routes give which access error.
 */
type ErrorKind = 'user' | 'account' | 'spotlight' | null;

interface Row {
  email: string;
  nav: string[];
  menu: string[];
  routes: Record<string, ErrorKind>;
  version: boolean;
  banner: boolean;
  /** First login: the marketing-consent question covers the shell until answered. */
  consent?: boolean;
}

const ALL_NAV = ['Measurements', 'Reports', 'Spotlight', 'Admin', 'Documentation', 'Support'];
const ADMIN_MENU = ['Billing', 'Feedback', 'Profile', 'Users', 'Labels', 'Sign out'];

const MATRIX: Row[] = [
  {
    email: 'super@lamp.test',
    nav: ALL_NAV,
    menu: ADMIN_MENU,
    routes: { '/admin/details': null, '/admin/lookup-tables': null, '/spotlight': null, '/labels': null },
    version: true,
    banner: false,
  },
  {
    email: 'root@lamp.test',
    nav: ALL_NAV,
    menu: ADMIN_MENU,
    routes: { '/admin/details': null, '/admin/upload-templates': 'account', '/admin/lookup-tables': 'account' },
    version: true,
    banner: false,
  },
  {
    email: 'admin@northwind.test',
    nav: ['Measurements', 'Reports', 'Documentation', 'Support'],
    menu: ADMIN_MENU,
    routes: {
      // decisions.md §3: their own account is not a product owner, so it is the account that lacks /admin.
      '/admin/details': 'user',
      '/spotlight': 'spotlight',
      '/labels': null,
      '/users': null,
      '/reports': null,
    },
    version: false,
    banner: false,
  },
  {
    email: 'writer@northwind.test',
    nav: ['Measurements', 'Reports', 'Documentation', 'Support'],
    menu: ['Billing', 'Feedback', 'Profile', 'Sign out'],
    routes: { '/measurements/create': null, '/billing': null, '/labels': 'account', '/users': 'account' },
    version: false,
    banner: false,
  },
  {
    email: 'reader@northwind.test',
    nav: ['Measurements', 'Reports', 'Documentation', 'Support'],
    menu: ['Feedback', 'Profile', 'Sign out'],
    routes: { '/measurements/create': 'account', '/billing': 'account', '/reports': null, '/admin/details': 'user' },
    version: false,
    banner: false,
  },
  {
    email: 'partner@contoso.test',
    nav: ['Measurements', 'Reports', 'Spotlight', 'Documentation', 'Support'],
    menu: ADMIN_MENU,
    routes: { '/spotlight/studies': null, '/labels': null, '/admin/details': 'user' },
    version: false,
    banner: false,
  },
  {
    email: 'selfserve@fabrikam.test',
    nav: ['Spotlight', 'Documentation', 'Support'],
    menu: ['Billing', 'Feedback', 'Profile', 'Sign out'],
    routes: {
      '/reports': 'user',
      '/measurements/create': 'user',
      '/activations/activations': 'user',
      '/spotlight': null,
    },
    version: false,
    banner: false,
  },
  {
    email: 'admin@tailspin.test',
    nav: ['Measurements', 'Reports', 'Documentation', 'Support'],
    menu: ADMIN_MENU,
    routes: { '/labels': null, '/spotlight': 'spotlight' },
    version: false,
    banner: true,
  },
  {
    email: 'new@northwind.test',
    nav: ['Measurements', 'Reports', 'Documentation', 'Support'],
    menu: ['Feedback', 'Profile', 'Sign out'],
    routes: { '/users': 'account' },
    version: false,
    banner: false,
    consent: true,
  },
];

const ERROR_TEXT = {
  user: [messages.titles.userError, messages.access.userError],
  account: [messages.titles.accountError, messages.access.accountError],
  spotlight: [messages.titles.spotlightError, null],
} as const;

/** External links carry an arrow and a screen-reader note after their label. */
const startsWith = (label: string) => new RegExp(`^${label}(\\W|$)`);

for (const row of MATRIX) {
  test(`persona ${row.email}: navigation, user menu and route access`, async ({ page }) => {
    // Every route is a full page load here; give the machine time.
    test.setTimeout(120_000);
    await signIn(page, row.email);
    await openApp(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('[data-nav]:visible')).toHaveText(row.nav.map(startsWith));

    if (row.consent) {
      await expect(page.getByTestId('marketing-consent')).toBeVisible();
    } else {
      await page.getByRole('button', { name: /user menu for/i }).click();
      await expect(page.getByRole('menuitem')).toHaveText(row.menu.map(startsWith));
      await page.keyboard.press('Escape');
    }

    await expect(page.getByText(messages.contractBanner)).toHaveCount(row.banner ? 1 : 0);
    await expect(page.getByTestId('version-label')).toHaveCount(row.version ? 1 : 0);

    for (const [path, kind] of Object.entries(row.routes)) {
      await openApp(page, path);
      if (kind === null) {
        await expect(page.locator('[data-access-error]'), `${path} opens`).toHaveCount(0);
        await expect(page).not.toHaveTitle(/Error \| LAMP$/);
      } else {
        const [title, text] = ERROR_TEXT[kind];
        await expect(page.locator('[data-access-error]'), `${path} → ${kind}`).toHaveAttribute(
          'data-access-error',
          kind,
        );
        await expect(page).toHaveTitle(`${title} | LAMP`);
        if (text) await expect(page.getByText(text)).toBeVisible();
      }
    }
  });
}

test('the unverified persona cannot get into the app', async ({ page }) => {
  const response = await page.request.post('/api/v1/auth', {
    data: { email: 'unverified@northwind.test', password: 'Lamp-Demo-2026!' },
  });
  expect(await response.json()).toMatchObject({ action_required: 'email_verification' });
  await page.goto('/measurements/create');
  await expect(page).toHaveURL(/\/login\?next=%2Fmeasurements%2Fcreate$/);
});
