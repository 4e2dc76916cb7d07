/**
 * Written by scripts/lazy-modules.ts from the folders of src/app/features/admin/sections/: run
 * `node scripts/lazy-modules.ts` after adding, renaming or removing a section, or moving one in its
 * menu. Each is its folder's entry.ts under its slug (the folder's name), in menu order: the
 * Account Admin Menu's, then the Global Admin Menu's, each by the entry file's `order`.
 */
import access from '../features/admin/sections/access/entry.ts';
import accountContracts from '../features/admin/sections/account-contracts/entry.ts';
import accounts from '../features/admin/sections/accounts/entry.ts';
import activity from '../features/admin/sections/activity/entry.ts';
import allActivity from '../features/admin/sections/all-activity/entry.ts';
import allContracts from '../features/admin/sections/all-contracts/entry.ts';
import customParameterTemplates from '../features/admin/sections/custom-parameter-templates/entry.ts';
import details from '../features/admin/sections/details/entry.ts';
import importJobConfigs from '../features/admin/sections/import-job-configs/entry.ts';
import importJobStatuses from '../features/admin/sections/import-job-statuses/entry.ts';
import lookupTables from '../features/admin/sections/lookup-tables/entry.ts';
import nameMapping from '../features/admin/sections/name-mapping/entry.ts';
import projects from '../features/admin/sections/projects/entry.ts';
import reports from '../features/admin/sections/reports/entry.ts';
import thirdPartyMacros from '../features/admin/sections/third-party-macros/entry.ts';
import uploadTemplates from '../features/admin/sections/upload-templates/entry.ts';
import users from '../features/admin/sections/users/entry.ts';
import type { AdminSectionEntry } from './types.ts';

/** The entries by slug, in menu order (an object keeps its keys' order). */
export const SECTION_ENTRIES: Readonly<Record<string, AdminSectionEntry>> = {
  details,
  users,
  access,
  'account-contracts': accountContracts,
  reports,
  'name-mapping': nameMapping,
  activity,
  accounts,
  'third-party-macros': thirdPartyMacros,
  'all-contracts': allContracts,
  projects,
  'custom-parameter-templates': customParameterTemplates,
  'import-job-configs': importJobConfigs,
  'upload-templates': uploadTemplates,
  'lookup-tables': lookupTables,
  'import-job-statuses': importJobStatuses,
  'all-activity': allActivity,
};
