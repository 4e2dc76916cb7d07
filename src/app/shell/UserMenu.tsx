import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { $currentUser, signOut } from '../../stores/session.ts';
import type { Role } from '../../shared/access.ts';
import { Menu, type MenuEntry } from '../shared/Menu.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../shared/useIdle.ts';
import { paths } from '../routes/index.ts';
import { userMenuItems } from './nav.ts';
import { USER_BUTTON_CLASS, UserButtonFace } from './UserButtonFace.tsx';

/**
 * The user menu (spec §2): role-gated items; 'Switch account' only on small screens. `pressed`:
 * its stand-in in the top bar was pressed while this code loaded: the menu opens, and its button
 * takes the focus the stand-in had.
 */
export default function UserMenu({ role, pressed }: { role: Role; pressed?: boolean }) {
  const user = useStore($currentUser);
  const small = !useMediaQuery(WIDE_SCREEN);
  const [, navigate] = useLocation();
  if (!user) return null;
  const entries: MenuEntry[] = userMenuItems(role, small).map((item) => ({
    id: item.id,
    label: item.label,
    external: item.external,
    href: item.external ? item.href : undefined,
    separatorBefore: item.id === 'sign-out',
    onAction: item.external
      ? undefined
      : item.id === 'sign-out'
        ? () => {
            void signOut().then(() => window.location.assign(paths.login()));
          }
        : () => navigate(item.href ?? '/'),
  }));
  return (
    <Menu
      label={`User menu for ${user.first_name} ${user.last_name}`}
      triggerNamesItself
      triggerClassName={USER_BUTTON_CLASS}
      trigger={<UserButtonFace user={user} />}
      items={entries}
      defaultOpen={pressed}
      autoFocus={pressed}
    />
  );
}
