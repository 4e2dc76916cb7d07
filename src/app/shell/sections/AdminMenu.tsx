/** The admin area's sidebar: the admin menus of the route table (ADMIN_MENUS, from ADMIN_SECTIONS). */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { $isRoot, $role, $selectedAccount } from '../../../stores/account.ts';
import { lowestRole, roleMeets } from '../../../shared/access.ts';
import { ADMIN_MENUS, findRoute, paths, type AdminSection } from '../../routes/index.ts';
import { Group, ItemLink, type SidebarItem } from '../../shared/SidebarParts.tsx';

/** The Account Admin Menu, and the Global Admin Menu for root users (spec §2). */
export default function AdminMenu() {
  const role = useStore($role) ?? 'read';
  const isRoot = useStore($isRoot);
  const selected = useStore($selectedAccount);
  const [location] = useLocation();
  const item = (section: AdminSection): SidebarItem => {
    const path = paths.adminSection(section.id);
    const access = findRoute(path).route.access;
    return {
      id: section.id,
      name: section.title,
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
          <ItemLink key={section.id} item={item(section)} />
        ))}
      </Group>
      {isRoot ? (
        <Group title="Global Admin Menu" id="sidebar-global-admin">
          {ADMIN_MENUS.global.map((section) => (
            <ItemLink key={section.id} item={item(section)} />
          ))}
        </Group>
      ) : null}
    </>
  );
}
