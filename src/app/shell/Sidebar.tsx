import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { $role } from '../../stores/account.ts';
import {
  $sidebarWidth,
  collapseSidebar,
  expandSidebar,
  isSidebarCollapsed,
  setSidebarWidth,
  SIDEBAR_MIN_USEFUL_WIDTH,
} from '../../stores/sidebar.ts';
import { can } from '../../shared/access.ts';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, TOUCH_TAP_THRESHOLD_PX, VERSION_LABEL } from '../../shared/constants.ts';
import type { SidebarKind } from '../routes/index.ts';
import { Chevron } from '../shared/Chevron.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../shared/useIdle.ts';

const SidebarContent = lazy(() => import('./SidebarContent.tsx'));

const KEY_STEP = 10;

export function VersionLabel() {
  const role = useStore($role);
  if (!role || !can(role, 'version.view')) return null;
  return (
    <p className="px-4 py-2 text-xs text-slate-500" data-testid="version-label">
      Version {VERSION_LABEL}
    </p>
  );
}

/**
 * The sidebar (spec §2, §9): collapsible and resizable from 0 to 500 px (default 290, collapsed 0),
 * the width persisted. The handle is a focusable separator: arrow keys resize, Home collapses,
 * End opens fully; on touch, a move under 30 px counts as a tap and toggles it.
 */
export function Sidebar({ kind }: { kind: Exclude<SidebarKind, 'none'> }) {
  const width = useStore($sidebarWidth);
  const collapsed = isSidebarCollapsed(width);
  const [dragging, setDragging] = useState(false);
  // Its content (and what that reads: a measurement tree is every measurement of the account) only
  // while it is on screen: a phone shows the dropdown instead, and a collapsed sidebar shows nothing.
  const shown = useMediaQuery(WIDE_SCREEN) && !collapsed;

  /**
   * Dragging listens on the window, so the pointer may run ahead of the handle (which moves with
   * the sidebar's edge) without the drag being lost.
   */
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const state = { x: event.clientX, width, pointer: event.pointerType, moved: 0 };
    const wasCollapsed = collapsed;
    setDragging(true);
    const move = (e: globalThis.PointerEvent) => {
      const delta = e.clientX - state.x;
      state.moved = Math.max(state.moved, Math.abs(delta));
      if (state.pointer === 'touch' && state.moved < TOUCH_TAP_THRESHOLD_PX) return;
      setSidebarWidth(state.width + delta, { settle: false });
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      setDragging(false);
      // On touch, a move under 30 px is a tap: it toggles the sidebar.
      if (state.pointer === 'touch' && state.moved < TOUCH_TAP_THRESHOLD_PX) {
        if (wasCollapsed) expandSidebar();
        else collapseSidebar();
        return;
      }
      // A drag left narrower than useful collapses the sidebar (and is not remembered).
      setSidebarWidth($sidebarWidth.get());
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft'
        ? width - KEY_STEP
        : event.key === 'ArrowRight'
          ? Math.max(width + KEY_STEP, SIDEBAR_MIN_USEFUL_WIDTH)
          : event.key === 'Home'
            ? SIDEBAR_MIN_WIDTH
            : event.key === 'End'
              ? SIDEBAR_MAX_WIDTH
              : null;
    if (next === null) return;
    event.preventDefault();
    setSidebarWidth(next);
  };

  return (
    <div className="relative hidden shrink-0 md:flex" data-testid="sidebar" data-width={width}>
      <aside
        aria-label="Sidebar"
        hidden={collapsed}
        style={{ width }}
        className={`flex h-full flex-col overflow-hidden border-r border-slate-200 bg-white ${dragging ? '' : 'transition-[width] duration-150'}`}
      >
        <div className="min-h-0 flex-1 overflow-y-auto py-3">
          {shown ? (
            <Suspense fallback={<Spinner className="m-4" label="Loading menu" />}>
              <SidebarContent kind={kind} />
            </Suspense>
          ) : null}
        </div>
        <VersionLabel />
      </aside>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize sidebar"
        aria-valuemin={SIDEBAR_MIN_WIDTH}
        aria-valuemax={SIDEBAR_MAX_WIDTH}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        data-testid="sidebar-handle"
        // Focused from the keyboard, the handle shows the page's focus ring (the primary's dark
        // shade, ≥ 3:1 on white) around its strip and its line in the same shade.
        className="group absolute inset-y-0 -right-1.5 z-20 w-3 cursor-col-resize touch-none outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-strong focus-visible:outline-solid"
      >
        <span className="mx-auto block h-full w-0.5 bg-transparent group-hover:bg-primary group-focus-visible:bg-primary-strong" />
      </div>
      <button
        type="button"
        onClick={() => (collapsed ? expandSidebar() : collapseSidebar())}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        // Collapsed, it is a tab on the page's left edge, wholly on screen; open, it sits on the edge.
        className={`absolute top-3 z-30 flex h-7 items-center justify-center border border-slate-200 bg-white text-slate-600 shadow-sm hover:text-slate-900 ${
          collapsed ? 'left-0 w-7 rounded-r-md border-l-0' : '-right-3.5 w-7 rounded-full'
        }`}
        data-testid="sidebar-toggle"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 ${collapsed ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M12.7 5.3a1 1 0 0 1 0 1.4L9.4 10l3.3 3.3a1 1 0 1 1-1.4 1.4l-4-4a1 1 0 0 1 0-1.4l4-4a1 1 0 0 1 1.4 0z" />
        </svg>
      </button>
    </div>
  );
}

/** On small screens the sidebar becomes a dropdown above the page (spec §2). */
export function SidebarDropdown({ kind }: { kind: Exclude<SidebarKind, 'none'> }) {
  // The content (and what it fetches) loads only once the dropdown is opened.
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="group mb-4 rounded-lg border border-slate-200 bg-white md:hidden"
      data-testid="sidebar-dropdown"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium text-slate-800">
        Menu
        <Chevron className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-slate-200 py-2">
        {opened ? (
          <Suspense fallback={<Spinner className="m-4" label="Loading menu" />}>
            <SidebarContent kind={kind} />
          </Suspense>
        ) : null}
        {opened ? <VersionLabel /> : null}
      </div>
    </details>
  );
}
