import type { Page } from '@playwright/test';

/**
 * How the generated admin test (tests/e2e/admin/sections.spec.ts) exercises one admin section,
 * signed in as super. Every section of ADMIN_SECTIONS needs a recipe, so a new admin section
 * without a test fails the suite.
 */
export interface AdminRecipe {
  /** On the section's list page: waits for what shows that rows arrived from the API. */
  listLoaded: (page: Page) => Promise<void>;
  /** Creates a record named with `unique`, starting on the list page; ends where it shows. */
  create?: (page: Page, unique: string) => Promise<void>;
  /** Edits the record `create` made, and checks that the change shows. */
  edit?: (page: Page, unique: string) => Promise<void>;
  /** Deletes the record `create` made, where the section allows deletion, and checks it is gone. */
  remove?: (page: Page, unique: string) => Promise<void>;
}
