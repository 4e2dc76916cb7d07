/**
 * The sidebar's width (spec §2, §9): default 290, collapsed 0, resizable from 0 to 500 px;
 * persisted so it survives reloads, together with the width a collapsed sidebar reopens at.
 *
 * A sidebar a few pixels wide shows nothing and is hard to grab, so a width under
 * SIDEBAR_MIN_USEFUL_WIDTH is never kept: a drag or key press that ends there collapses it, and
 * expanding reopens it at the last useful width (or the default).
 */
import { atom } from 'nanostores';
import {
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
} from '../shared/constants.ts';
import { readStored, writeStored } from './storage.ts';

export const SIDEBAR_STORAGE_KEY = 'lamp.sidebarWidth';
export const SIDEBAR_OPEN_WIDTH_STORAGE_KEY = 'lamp.sidebarOpenWidth';
/** The narrowest sidebar that still shows its entries (the project's choice; the spec names none). */
export const SIDEBAR_MIN_USEFUL_WIDTH = 160;

export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}

/** A width the sidebar may rest at: collapsed, or at least the useful minimum. */
export function settledSidebarWidth(width: number): number {
  const clamped = clampSidebarWidth(width);
  return clamped > SIDEBAR_COLLAPSED_WIDTH && clamped < SIDEBAR_MIN_USEFUL_WIDTH ? SIDEBAR_COLLAPSED_WIDTH : clamped;
}

const isUseful = (width: number) => width >= SIDEBAR_MIN_USEFUL_WIDTH;
const readWidth = (key: string) => readStored(key, (v) => (typeof v === 'number' ? settledSidebarWidth(v) : null));

const stored = readWidth(SIDEBAR_STORAGE_KEY);
const storedOpen = readWidth(SIDEBAR_OPEN_WIDTH_STORAGE_KEY);

export const $sidebarWidth = atom<number>(stored ?? SIDEBAR_DEFAULT_WIDTH);
/** The width to come back to when a collapsed sidebar opens again. */
let lastOpenWidth =
  stored !== null && isUseful(stored)
    ? stored
    : storedOpen !== null && isUseful(storedOpen)
      ? storedOpen
      : SIDEBAR_DEFAULT_WIDTH;

/**
 * Sets the width. While a drag is under way (`settle: false`) any width from 0 to 500 shows; the
 * width a gesture ends at settles: narrower than the useful minimum collapses, a useful one is
 * remembered for the next expand.
 */
export function setSidebarWidth(width: number, options: { settle?: boolean } = { settle: true }): void {
  const settle = options.settle !== false;
  const next = settle ? settledSidebarWidth(width) : clampSidebarWidth(width);
  // Only a width the user left it at is remembered, never one passed on the way during a drag.
  if (settle && isUseful(next) && next !== lastOpenWidth) {
    lastOpenWidth = next;
    writeStored(SIDEBAR_OPEN_WIDTH_STORAGE_KEY, next);
  }
  $sidebarWidth.set(next);
  writeStored(SIDEBAR_STORAGE_KEY, next);
}

export const isSidebarCollapsed = (width = $sidebarWidth.get()) => width <= SIDEBAR_COLLAPSED_WIDTH;

export function collapseSidebar(): void {
  setSidebarWidth(SIDEBAR_COLLAPSED_WIDTH);
}

export function expandSidebar(): void {
  setSidebarWidth(lastOpenWidth);
}
