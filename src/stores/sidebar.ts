/**
 * The sidebar's width (spec §2, §9): default 290, collapsed 0, resizable from 0 to 500 px;
 * persisted so it survives reloads.
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

export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}

const stored = readStored(SIDEBAR_STORAGE_KEY, (v) => (typeof v === 'number' ? clampSidebarWidth(v) : null));

export const $sidebarWidth = atom<number>(stored ?? SIDEBAR_DEFAULT_WIDTH);
/** The width to come back to when a collapsed sidebar opens again. */
let lastOpenWidth = stored && stored > SIDEBAR_COLLAPSED_WIDTH ? stored : SIDEBAR_DEFAULT_WIDTH;

export function setSidebarWidth(width: number): void {
  const next = clampSidebarWidth(width);
  if (next > SIDEBAR_COLLAPSED_WIDTH) lastOpenWidth = next;
  $sidebarWidth.set(next);
  writeStored(SIDEBAR_STORAGE_KEY, next);
}

export const isSidebarCollapsed = (width = $sidebarWidth.get()) => width <= SIDEBAR_COLLAPSED_WIDTH;

export function collapseSidebar(): void {
  setSidebarWidth(SIDEBAR_COLLAPSED_WIDTH);
}

export function expandSidebar(): void {
  setSidebarWidth(lastOpenWidth > SIDEBAR_COLLAPSED_WIDTH ? lastOpenWidth : SIDEBAR_DEFAULT_WIDTH);
}

export function toggleSidebar(): void {
  if (isSidebarCollapsed()) expandSidebar();
  else collapseSidebar();
}
