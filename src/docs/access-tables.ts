/**
 * Who may do what, for the roles section of the guide: derived from the permission table and the
 * route table, the same sources the server enforces and the app guards with. Only the plain-English
 * name of each permission is written here, and the type makes a new permission fail the build until
 * it has one.
 */
import { ROLES, can, lowestRole, PERMISSIONS, type AccessRule, type Permission, type Role } from '../shared/access.ts';
import { ADMIN_SECTIONS, routes } from '../app/routes/index.ts';

export const PERMISSION_TEXT: Record<Permission, string> = {
  'search.basic': 'Search import jobs, measurements, reports and users',
  'reports.save': 'Save reports and e-mail them to the account’s users on a schedule',
  'measurement.write': 'Create and edit measurements, upload their tags and import their data',
  'activation.write': 'Create, activate, pause, resume and end activations; manage domain lists',
  'billing.view': 'Open Billing: contracts and purchase orders',
  'search.workspace': 'Search label categories, labels and purchase orders too',
  'labels.manage': 'Manage the account’s label categories and labels',
  'users.manage': 'Invite and manage the account’s users',
  'reports.manage': 'Change other people’s saved reports, and send reports to addresses outside the account',
  'spotlight.company.edit': 'Rename the account’s Spotlight company',
  'spotlight.users.manage': 'Add, change and remove the account’s Spotlight users',
  'admin.root': 'Open the admin area’s root sections and the Global Admin Menu',
  'search.global': 'Search accounts, contracts, custom parameter templates, projects and macros too',
  'spotlight.companies.manage': 'Create and delete Spotlight companies',
  'admin.super': 'Edit custom parameter templates, import job configs, upload templates and lookup tables',
  'version.view': 'See the version label at the bottom of the sidebar',
};

export const ROLE_TEXT: Record<Role, string> = {
  read: 'Reads measurements, dashboards, reports and activations of the accounts it may open.',
  write: 'Also creates and edits measurements, activations and domain lists, and sees billing.',
  admin: 'Also manages the account’s users and labels.',
  root: 'A global administrator: works in every account and runs the admin area.',
  super: 'Everything, including the reference data every account shares.',
};

export interface PermissionRow {
  permission: Permission;
  text: string;
  /** The lowest role that has it. */
  from: Role;
  /** For each role on the ladder, whether it has the permission. */
  allowed: Record<Role, boolean>;
}

export function permissionRows(): PermissionRow[] {
  return (Object.keys(PERMISSIONS) as Permission[]).map((permission) => ({
    permission,
    text: PERMISSION_TEXT[permission],
    from: PERMISSIONS[permission],
    allowed: Object.fromEntries(ROLES.map((role) => [role, can(role, permission)])) as Record<Role, boolean>,
  }));
}

/** An access rule in words: "LAMP access · write or above". */
export function ruleText(rule: AccessRule): string {
  const parts: string[] = [];
  if (rule.feature === 'lamp_access') parts.push('account with LAMP access');
  if (rule.feature === 'spotlight_access') parts.push('account with Spotlight access');
  if (rule.productOwner) parts.push('your own account is a product owner');
  const least = lowestRole(rule);
  if (least !== ROLES[0]) parts.push(`${least} or above`);
  return parts.length === 0 ? 'every signed-in user' : parts.join(' · ');
}

export interface PageAccessRow {
  path: string;
  title: string;
  rule: string;
}

/** The app's pages without parameters, outside the admin area, and what opening each takes. */
export function pageAccessRows(): PageAccessRow[] {
  return routes
    .filter(
      (r) =>
        r.audience === 'signed-in' &&
        r.layout === 'shell' &&
        !r.path.includes(':') &&
        !r.path.includes('*') &&
        r.sidebar !== 'admin',
    )
    .map((r) => ({ path: r.path, title: r.title, rule: ruleText(r.access) }));
}

export interface AdminSectionRow {
  title: string;
  menu: string;
  rule: string;
}

export function adminSectionRows(): AdminSectionRow[] {
  return ADMIN_SECTIONS.map((s) => ({
    title: s.title,
    menu: s.menu === 'account' ? 'Account Admin Menu' : 'Global Admin Menu',
    rule: ruleText(s.access),
  }));
}
