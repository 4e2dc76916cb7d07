import { useEffect } from 'react';
import { pageTitle } from '../../shared/constants.ts';

/**
 * Lets a page set a finer title than its route's (e.g. the profile's user name). The shell sets
 * the route's title in a layout effect, which runs first; this passive effect then wins.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}
