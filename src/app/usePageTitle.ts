import { useEffect } from 'react';
import { pageTitle } from '../shared/constants.ts';

/** Sets document.title; every title ends with LAMP. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
