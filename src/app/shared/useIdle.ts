import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/idle.ts';

/**
 * False until the browser has first been idle after mount (at the latest after `timeout` ms):
 * parts the first screen can show as a placeholder (the top bar's menus) load after the page.
 */
export function useIdle(timeout = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeout), [timeout]);
  return idle;
}

/** Tailwind's `md` breakpoint: from it on, the bar shows the account switcher and the sidebar is beside the page. */
export const WIDE_SCREEN = '(min-width: 48rem)';

/** Whether a media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
