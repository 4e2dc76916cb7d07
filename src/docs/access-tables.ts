/**
 * Who may do what, for the roles section of the guide: derived from the permission table and the
 * route table, the same sources the server enforces and the app guards with. Only the plain-English
 * name of each permission is written here, and the type makes a new permission fail the build until
 * it has one.
 */
import { ROLES, can, PERMISSIONS, type AccessRule, type Permission, type Role } from '../shared/access.ts';
import { ADMIN_SECTIONS, routes } from '../app/routes/index.ts';

export const PERMISSION_TEXT: Record<Permission, string> = {
  'measurement.write': 'Create and edit measurements, upload their tags and import their data',
  'activation.write': 'Create, activate, pause, resume and end activations; manage domain lists',
  'billing.view': 'Open Billing: contracts and purchase orders',
  'labels.manage': 'Manage the account’s label categories and labels',
  'users.manage': 'Invite and manage the account’s users',
  'admin.root': 'Open the admin area’s root sections and the Global Admin Menu',
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
  const role = rule.permission ? PERMISSIONS[rule.permission] : rule.role;
  if (role && role !== 'read') parts.push(`${role} or above`);
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
