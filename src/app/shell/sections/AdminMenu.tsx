/** The admin area's sidebar: menus derived from the admin declaration (src/app/routes/admin-sections.ts). */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { $isRoot, $role, $selectedAccount } from '../../../stores/account.ts';
import { lowestRole, roleMeets } from '../../../shared/access.ts';
import { ADMIN_MENUS, ADMIN_SECTIONS, capitalise, findRoute, paths } from '../../routes/index.ts';
import { Group, ItemLink, type SidebarItem } from '../../shared/SidebarParts.tsx';

/** The Account Admin Menu, and the Global Admin Menu for root users (spec §2). */
export default function AdminMenu() {
  const role = useStore($role) ?? 'read';
  const isRoot = useStore($isRoot);
  const selected = useStore($selectedAccount);
  const [location] = useLocation();
  const item = (section: string): SidebarItem => {
    const path = paths.adminSection(section);
    const access = findRoute(path).route.access;
    return {
      id: section,
      name: ADMIN_SECTIONS.find((s) => s.id === section)?.title ?? capitalise(section),
      path,
      role: lowestRole(access),
      isViewable: roleMeets(access, role),
      isCurrent: location === path || location.startsWith(`${path}/`),
    };
  };
  return (
    <>
      <Group title="Account Admin Menu" id="sidebar-account-admin">
        {/* It acts on the selected account, whichever it is (decisions.md §3). */}
        <p className="mb-1 truncate px-3 text-sm font-medium text-slate-900" data-testid="admin-menu-account">
          {selected?.name}
        </p>
        {ADMIN_MENUS.account.map((section) => (
          <ItemLink key={section} item={item(section)} />
        ))}
      </Group>
      {isRoot ? (
        <Group title="Global Admin Menu" id="sidebar-global-admin">
          {ADMIN_MENUS.global.map((section) => (
            <ItemLink key={section} item={item(section)} />
          ))}
        </Group>
      ) : null}
    </>
  );
}
