/**
 * The admin area's sections (spec §2 "Admin area", §6), declared once: admin.ts derives their
 * routes and the two admin menus (the sidebar and the admin home page's cards) from this list. A
 * new section is one entry here, its declaration file when a generic page renders it, and, when it
 * edits a resource, that resource's registry entry; its list, create and detail pages are the admin
 * area's generic ones unless `pages` names its own.
 *
 * The entries live here, not in the declaration files: the route table is read on first load and
 * by Node (the browser tests, scripts), while a declaration is a lazily loaded chunk of admin code
 * that imports the route table. So an entry names its declaration and pages, typed against the
 * files that exist (lazy-modules.ts), and a misspelt or missing one fails the typecheck.
 */
import { adminRoot, adminSuper } from './declare.ts';
import type { AdminDeclarationName, PageName } from './lazy-modules.ts';
import type { NavEntry, RouteAccess } from './types.ts';

/**
 * One admin section: its slug, titles, the access it needs, which sidebar menu lists it, the
 * registry resource it edits and the pages it has.
 */
export interface AdminSection {
  id: string;
  title: string;
  singular: string;
  access: RouteAccess;
  menu: 'account' | 'global';
  /** The registry resource the section edits, when it edits one. */
  resource?: string;
  create?: boolean;
  bulk?: boolean;
  /** The detail page's parameter, e.g. 'userId' for /admin/users/:userId. */
  detailParam?: string;
  /**
   * The file its generic pages render (src/app/features/admin/sections/<name>.tsx: columns, filters,
   * fields), typed against the files there are; a section whose pages are all its own has none.
   */
  declaration?: AdminDeclarationName;
  /**
   * The page modules of the section's routes, by page kind ('admin/AdminUsersPage'). A kind left out
   * uses the admin area's generic page for it, which renders the section from its declaration.
   */
  pages?: Partial<Record<AdminPageKind, PageName>>;
  /** Its list page's place in the top navigation, if it has one. */
  nav?: NavEntry;
}

export type AdminPageKind = 'list' | 'create' | 'bulk' | 'detail';

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'details',
    title: 'Details',
    singular: 'Details',
    access: adminRoot,
    menu: 'account',
    // The admin area opens on the selected account's details.
    nav: { menu: 'top', label: 'Admin', order: 40 },
    pages: { list: 'admin/AccountDetailsPage' },
  },
  {
    id: 'users',
    title: 'Users',
    singular: 'User',
    access: { productOwner: true, permission: 'users.manage' },
    menu: 'account',
    resource: 'user',
    create: true,
    bulk: true,
    detailParam: 'userId',
    pages: {
      list: 'admin/AdminUsersPage',
      create: 'admin/AdminUserCreatePage',
      bulk: 'admin/AdminUsersBulkCreatePage',
      detail: 'admin/AdminUserPage',
    },
  },
  {
    id: 'access',
    title: 'Access',
    singular: 'Access',
    access: adminRoot,
    menu: 'account',
    pages: { list: 'admin/AccountAccessPage' },
  },
  {
    id: 'account-contracts',
    title: 'Account Contracts',
    singular: 'Contract',
    access: adminRoot,
    menu: 'account',
    resource: 'contract',
    declaration: 'account-contracts',
    create: true,
    detailParam: 'contractId',
  },
  {
    id: 'reports',
    title: 'Reports',
    singular: 'Report',
    access: adminRoot,
    menu: 'account',
    resource: 'report',
    declaration: 'reports',
    create: true,
    detailParam: 'reportId',
  },
  {
    id: 'name-mapping',
    title: 'Name Mapping',
    singular: 'Name Mapping',
    access: adminRoot,
    menu: 'account',
    resource: 'name-mapping',
    pages: { list: 'admin/NameMappingPage' },
  },
  {
    id: 'activity',
    title: 'Activity',
    singular: 'Activity',
    access: adminRoot,
    menu: 'account',
    pages: { list: 'admin/ActivityPage' },
  },
  {
    id: 'accounts',
    title: 'Accounts',
    singular: 'Account',
    access: adminRoot,
    menu: 'global',
    resource: 'account',
    declaration: 'accounts',
    create: true,
    detailParam: 'accountId',
  },
  {
    id: 'third-party-macros',
    title: 'Third Party Macros',
    singular: 'Third Party Macro',
    access: adminRoot,
    menu: 'global',
    resource: 'third-party-macro',
    declaration: 'third-party-macros',
    create: true,
    detailParam: 'thirdPartyMacroId',
  },
  {
    id: 'all-contracts',
    title: 'All Contracts',
    singular: 'Contract',
    access: adminRoot,
    menu: 'global',
    resource: 'contract',
    declaration: 'all-contracts',
    create: true,
    detailParam: 'contractId',
  },
  {
    id: 'projects',
    title: 'Projects',
    singular: 'Project',
    access: adminRoot,
    menu: 'global',
    resource: 'project',
    declaration: 'projects',
    create: true,
    detailParam: 'projectId',
  },
  {
    id: 'custom-parameter-templates',
    title: 'Custom Parameter Templates',
    singular: 'Custom Parameter Template',
    access: adminSuper,
    menu: 'global',
    resource: 'custom-parameter-template',
    declaration: 'custom-parameter-templates',
    create: true,
    detailParam: 'customParameterTemplateId',
  },
  {
    id: 'import-job-configs',
    title: 'Import Job Configs',
    singular: 'Import Job Config',
    access: adminSuper,
    menu: 'global',
    resource: 'import-job-config',
    declaration: 'import-job-configs',
    create: true,
    detailParam: 'importJobConfigId',
  },
  {
    id: 'upload-templates',
    title: 'Upload Templates',
    singular: 'Upload Template',
    access: adminSuper,
    menu: 'global',
    resource: 'upload-template',
    declaration: 'upload-templates',
    create: true,
    detailParam: 'uploadTemplateId',
  },
  {
    id: 'lookup-tables',
    title: 'Lookup Tables',
    singular: 'Lookup Table',
    access: adminSuper,
    menu: 'global',
    detailParam: 'lookupTableName',
    declaration: 'lookup-tables',
    // The seven tables, then one table's rows: a list on both routes (its records are lookups).
    pages: { list: 'admin/LookupTablesPage', detail: 'admin/AdminListPage' },
  },
  {
    id: 'import-job-statuses',
    title: 'Import Job Statuses',
    singular: 'Import Job Status',
    access: adminRoot,
    menu: 'global',
    resource: 'import-job-status',
    declaration: 'import-job-statuses',
  },
  {
    id: 'all-activity',
    title: 'All Activity',
    singular: 'Activity',
    access: adminSuper,
    menu: 'global',
    pages: { list: 'admin/ActivityPage' },
  },
];
