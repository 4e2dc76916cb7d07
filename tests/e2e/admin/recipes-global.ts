import { expect, type Page } from '@playwright/test';
import { typeInto } from '../helpers/person.ts';
import { LOOKUP_TABLES } from '../../../src/app/routes/index.ts';
import type { AdminRecipe } from './recipe.ts';
import { activityLoaded } from './recipes-account.ts';
import {
  choose,
  createFromList,
  crumbIs,
  deleteRecord,
  editField,
  fill,
  list,
  pick,
  rowsLoaded,
  switcherOffers,
} from './steps.ts';

/**
 * Recipes of the sections built on the generic admin pages: how the generated test
 * (sections.spec.ts) lists, creates, edits and deletes in each, as super. Names carry `unique`, so
 * parallel workers never meet each other's rows.
 */

/** A section whose records are named by one text field, which the detail page's heading shows. */
function named(singular: string, label: string, fields: (page: Page, unique: string) => Promise<void>): AdminRecipe {
  return {
    listLoaded: rowsLoaded,
    create: async (page, unique) => {
      await createFromList(page, singular, (p) => fields(p, unique));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(unique);
      await crumbIs(page, unique);
    },
    edit: (page, unique) => editField(page, label, `${unique} edited`, `${unique} edited`),
    remove: (page, unique) => deleteRecord(page, unique),
  };
}

const contract = (accounts?: string) =>
  named('Contract', 'Billing name', async (page, unique) => {
    await fill(page, 'Billing name', unique);
    if (accounts) await pick(page, 'Accounts', accounts);
    await fill(page, 'Start date', '2026-01-01');
    await fill(page, 'End date', '2026-12-31');
  });

export const GLOBAL_RECIPES: Record<string, AdminRecipe> = {
  'all-activity': { listLoaded: activityLoaded },
  // The selected account (super's own, Lamp HQ) is already among a new contract's accounts.
  'account-contracts': contract(),
  'all-contracts': {
    ...contract('Northwind Media'),
    // /admin/contracts/{id} (spec §2) opens the same record, named by its billing name.
    edit: async (page, unique) => {
      const id = page.url().split('/').at(-1) as string;
      await page.goto(`/admin/contracts/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(unique);
      await crumbIs(page, unique);
      await editField(page, 'Billing name', `${unique} edited`, `${unique} edited`);
      await page.goto(`/admin/all-contracts/${id}`);
    },
  },
  reports: {
    ...named('Report', 'Name', async (page, unique) => {
      await fill(page, 'Name', unique);
      await choose(page, 'Type', 'Dashboard');
      await pick(page, 'Metrics', 'APM');
    }),
    edit: async (page, unique) => {
      await editField(page, 'Name', `${unique} edited`, `${unique} edited`);
      // decisions.md §6: it opens at /reports/{slug of its name}.
      const slug = `${unique} edited`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      await expect(page.getByRole('link', { name: `/reports/${slug}` })).toHaveAttribute('href', `/reports/${slug}`);
    },
  },
  accounts: (() => {
    const recipe = named('Account', 'Name', async (page, unique) => {
      await fill(page, 'Name', unique);
      await choose(page, 'Type', 'Partner');
    });
    // The switcher follows: a new account is offered at once, with no reload.
    return {
      ...recipe,
      create: async (page, unique) => {
        await recipe.create?.(page, unique);
        // (A record's own page sets the account, so the switcher is checked from the list.)
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Accounts' }).click();
        await switcherOffers(page, unique);
        await typeInto(list(page).getByRole('searchbox'), unique);
        await list(page).getByRole('link', { name: unique, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(unique);
      },
    };
  })(),
  'third-party-macros': {
    listLoaded: async (page) => {
      await rowsLoaded(page);
      // The vendor filter: every row left names the chosen vendor.
      await pick(page, 'Vendor', 'DV360');
      await expect(page).toHaveURL(/vendor=[0-9a-f]{24}/);
      await expect(list(page).getByRole('row').nth(1)).toContainText('DV360');
      const vendors = await list(page).getByRole('row').locator('td:nth-child(4)').allTextContents();
      expect(vendors.every((vendor) => vendor === 'DV360')).toBe(true);
    },
    // A macro's page is headed by the macro; its breadcrumb names it by its id (spec §2 "Breadcrumbs").
    create: async (page, unique) => {
      await createFromList(page, 'Third Party Macro', async (p) => {
        await fill(p, 'Macro', `\${${unique}}`);
        await pick(p, 'Vendor', 'DV360');
        await fill(p, 'Parameter', 'cb');
      });
      const id = page.url().split('/').at(-1) as string;
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`\${${unique}}`);
      await crumbIs(page, id);
    },
    edit: (page) => editField(page, 'Parameter', 'cachebuster'),
    remove: (page, unique) => deleteRecord(page, unique),
  },
  projects: named('Project', 'Name', (page, unique) => fill(page, 'Name', unique)),
  'custom-parameter-templates': named('Custom Parameter Template', 'Name', async (page, unique) => {
    await fill(page, 'Name', unique);
    await page.getByRole('button', { name: /Add a row/ }).click();
    await fill(page, 'Key 1', 'utm_source');
    await fill(page, 'Value 1', 'lamp');
  }),
  'import-job-configs': named('Import Job Config', 'Name', async (page, unique) => {
    await fill(page, 'Name', unique);
    await fill(page, 'Schedule', '0 6 * * *');
  }),
  'upload-templates': named('Upload Template', 'Name', async (page, unique) => {
    await fill(page, 'Name', unique);
    await page.getByRole('button', { name: /Add a row/ }).click();
    await fill(page, 'File column 1', 'Impressions');
    await fill(page, 'LAMP field 1', 'impressions');
  }),
  'lookup-tables': {
    // The seven tables by their spec titles, each opening its own list of rows.
    listLoaded: async (page) => {
      const tables = page.getByRole('list', { name: 'Lookup tables' }).getByRole('link');
      await expect(tables).toHaveCount(LOOKUP_TABLES.length);
      for (const table of LOOKUP_TABLES) await expect(tables.filter({ hasText: table.title })).toHaveCount(1);
      await expect(tables.first()).toContainText(/\d+ rows?/);
    },
    create: async (page, unique) => {
      await page.getByRole('link', { name: /^Media Types/ }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Media Types');
      await rowsLoaded(page);
      await createFromList(page, 'Media Type', (p) => fill(p, 'Name', unique));
      await expect(page).toHaveURL(/\/admin\/lookup-tables\/media-types\/[0-9a-f]{24}$/);
      // "lookups → the lookup resource": the crumb names the row.
      await crumbIs(page, unique);
    },
    edit: (page, unique) => editField(page, 'Name', `${unique} edited`, `${unique} edited`),
    remove: (page, unique) => deleteRecord(page, unique),
  },
  'import-job-statuses': {
    listLoaded: async (page) => {
      await rowsLoaded(page);
      // Spec §4's colours: a successful status is green, a failed one red (the shared badge).
      const first = list(page).getByRole('row').nth(1);
      const correlation = (await first.getByRole('link').first().textContent()) as string;
      // Filter by correlation id, then open its own page: every status of that one import.
      await fill(page, 'Correlation id', correlation);
      await expect(page).toHaveURL(new RegExp(`correlation_id=${correlation}`));
      await first.getByRole('link', { name: correlation }).click();
      await expect(page).toHaveURL(`/admin/import-job-statuses/correlation/${correlation}`);
      await rowsLoaded(page);
      const ids = await list(page).getByRole('row').locator('td:nth-child(3)').allTextContents();
      expect(ids.every((id) => id === correlation)).toBe(true);
      // "correlation → import-job-status": the crumb is named by the status's correlation id.
      await crumbIs(page, correlation);
    },
  },
};
