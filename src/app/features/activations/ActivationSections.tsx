import { useStore } from '@nanostores/react';
import { Link, useLocation } from 'wouter';
import { $accessContext } from '../../../stores/account.ts';
import { checkAccess } from '../../../shared/access.ts';
import { findRoute, paths } from '../../routes/index.ts';
import { ItemLink } from '../../shared/SidebarParts.tsx';

/**
 * The activation sidebar: Activations and Domain lists, and a shortcut to a new activation for
 * those who may create one. Each entry shows only when its route's own rule (lamp_access, role)
 * lets the user open it, as the shell's guards decide.
 */
export default function ActivationSections() {
  const context = useStore($accessContext);
  const [location] = useLocation();
  const opens = (path: string) => !!context && checkAccess(findRoute(path).route.access, context) === null;
  const items = [
    { id: 'activations', name: 'Activations', path: paths.activations() },
    { id: 'domain-lists', name: 'Domain lists', path: paths.domainLists() },
  ].filter((item) => opens(item.path));
  const canCreate = opens(paths.activationCreate());
  return (
    <div className="mb-4 px-2" role="group" aria-labelledby="sidebar-activations">
      <div className="mb-1 flex items-center justify-between px-3">
        <h2 id="sidebar-activations" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Activations
        </h2>
        {canCreate ? (
          <Link href={paths.activationCreate()} className="text-xs font-medium" aria-label="New activation">
            + New
          </Link>
        ) : null}
      </div>
      <ul>
        {items.map((item) => {
          const current = location === item.path || location.startsWith(`${item.path}/`);
          return (
            <li key={item.id}>
              <ItemLink item={{ ...item, isViewable: true, isCurrent: current }} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
