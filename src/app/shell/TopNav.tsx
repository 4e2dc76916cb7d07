import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { $role, $selectedAccount } from '../../stores/account.ts';
import { $currentUser } from '../../stores/session.ts';
import { LOGO_HEIGHT_PX, PRODUCT_NAME } from '../../shared/constants.ts';
import {
  LOGO_LINK_CLASS,
  LogoMark,
  MENU_BUTTON_CLASS,
  MenuIcon,
  SearchIcon,
  TOP_BAR_CLASS,
  TOP_BAR_ROW_CLASS,
} from './Frame.tsx';
import { findRoute, paths, type SwitcherLock } from '../routes/index.ts';
import { navItems, type NavItem } from './nav.ts';
import { USER_BUTTON_CLASS, UserButtonFace } from './UserButtonFace.tsx';
import { useIdle, useMediaQuery, WIDE_SCREEN } from '../shared/useIdle.ts';

const AccountSwitcher = lazy(() => import('./AccountSwitcher.tsx'));
const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** An app item is current on its own page and on every page of its area (the route's sidebar). */
function isActive(item: NavItem, location: string): boolean {
  if (item.kind !== 'app') return false;
  if (location === item.href) return true;
  return item.area !== 'none' && findRoute(location).route.sidebar === item.area;
}

export function Logo() {
  const account = useStore($selectedAccount);
  const logo = account?.theme.logo;
  return (
    <Link href={paths.home()} className={LOGO_LINK_CLASS} aria-label={`${PRODUCT_NAME} home`}>
      {logo ? <img src={logo} alt="" style={{ height: LOGO_HEIGHT_PX }} className="w-auto" /> : <LogoMark />}
    </Link>
  );
}

export interface TopNavProps {
  switcherLock: SwitcherLock;
  onOpenSearch: () => void;
}

/**
 * The top navigation (spec §2): the logo links home; items follow the account's flags and the
 * user's role; on small screens they fold into a menu.
 */
export function TopNav({ switcherLock, onOpenSearch }: TopNavProps) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const role = useStore($role);
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // The switcher and the user menu (React Aria's combobox, menu and popover code) load once the
  // page is up; the switcher not at all on a phone, where the bar hides it.
  const idle = useIdle();
  // A press on the user menu before then loads it at once and opens it as soon as it is there.
  const [pressed, setPressed] = useState(false);
  const menusReady = idle || pressed;
  const wide = useMediaQuery(WIDE_SCREEN);
  useEffect(() => setOpen(false), [location]);
  if (!user) return null;
  const items = navItems(user, account);

  const renderItem = (item: NavItem, mobile: boolean) => {
    const active = isActive(item, location);
    const cls = mobile
      ? `block rounded-md px-3 py-2 text-base font-medium ${active ? 'bg-white/15 text-white' : 'text-slate-100 hover:bg-white/10'}`
      : `relative rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
          active ? 'bg-white/15 text-white' : 'text-slate-100 hover:bg-white/10 hover:text-white'
        }`;
    if (item.kind === 'app')
      return (
        <Link
          key={item.id}
          href={item.href}
          className={cls}
          aria-current={active ? 'page' : undefined}
          data-nav={item.id}
        >
          {item.label}
        </Link>
      );
    return (
      <a
        key={item.id}
        href={item.href}
        className={cls}
        data-nav={item.id}
        {...(item.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {item.label}
        {item.kind === 'external' ? (
          <>
            <span aria-hidden="true" className="ml-1 text-xs opacity-70">
              ↗
            </span>
            <span className="sr-only"> (opens in a new tab)</span>
          </>
        ) : null}
      </a>
    );
  };

  return (
    <header className={TOP_BAR_CLASS}>
      <nav aria-label="Main" className={TOP_BAR_ROW_CLASS}>
        <button
          type="button"
          className={MENU_BUTTON_CLASS}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          <MenuIcon open={open} />
        </button>
        <Logo />
        <div className="ml-4 hidden items-center gap-1 md:flex">{items.map((item) => renderItem(item, false))}</div>
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            onClick={onOpenSearch}
            className="flex items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-100 ring-1 ring-white/20 hover:bg-white/10 lg:w-56"
            aria-keyshortcuts="Control+K Meta+K"
          >
            <SearchIcon className="h-4 w-4" />
            <span className="sr-only lg:not-sr-only">Search</span>
            <kbd className="ml-auto hidden rounded bg-white/15 px-1.5 py-0.5 font-sans text-xs text-slate-100 lg:inline">
              Ctrl K
            </kbd>
          </button>
          <div className="hidden md:block">
            {menusReady && wide ? (
              <Suspense fallback={<SwitcherFallback name={account?.name} />}>
                <AccountSwitcher lock={switcherLock} />
              </Suspense>
            ) : (
              <SwitcherFallback name={account?.name} />
            )}
          </div>
          {menusReady ? (
            <Suspense fallback={<UserButtonFallback user={user} onPress={() => setPressed(true)} />}>
              <UserMenu role={role ?? 'read'} pressed={pressed} />
            </Suspense>
          ) : (
            <UserButtonFallback user={user} onPress={() => setPressed(true)} />
          )}
        </div>
      </nav>
      {open ? (
        <div id={panelId} className="space-y-1 border-t border-white/10 px-3 pb-3 pt-2 md:hidden">
          {items.map((item) => renderItem(item, true))}
        </div>
      ) : (
        <div id={panelId} hidden />
      )}
    </header>
  );
}

function SwitcherFallback({ name }: { name?: string }) {
  return (
    <div className="flex h-9 w-56 items-center rounded-md bg-white/10 px-3 text-sm text-slate-100" aria-hidden="true">
      <span className="truncate">{name ?? ''}</span>
    </div>
  );
}

/**
 * The user menu's button while its code loads: the same circle and name. A press loads the menu
 * and opens it once loaded.
 */
function UserButtonFallback({
  user,
  onPress,
}: {
  user: { first_name: string; last_name: string };
  onPress: () => void;
}) {
  return (
    <button type="button" aria-haspopup="menu" className={USER_BUTTON_CLASS} onClick={onPress}>
      <UserButtonFace user={user} />
    </button>
  );
}
