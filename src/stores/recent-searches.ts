/**
 * Recent global searches (spec §3 "recentSearches", §9): in local storage, at most 10, newest
 * first. Each entry keeps what the modal needs to show and open it again without a fetch.
 */
import { atom } from 'nanostores';
import { RECENT_SEARCHES_MAX } from '../shared/constants.ts';
import { readStored, writeStored } from './storage.ts';

export const RECENT_SEARCHES_KEY = 'recentSearches';

export interface RecentSearch {
  /** The item's id. */
  id: string;
  /** Its search resource type, e.g. 'measurement'. */
  type: string;
  label: string;
  href: string;
}

function parse(value: unknown): RecentSearch[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .filter(
      (v): v is RecentSearch =>
        !!v &&
        typeof v === 'object' &&
        typeof (v as RecentSearch).id === 'string' &&
        typeof (v as RecentSearch).type === 'string' &&
        typeof (v as RecentSearch).label === 'string' &&
        typeof (v as RecentSearch).href === 'string',
    )
    .slice(0, RECENT_SEARCHES_MAX);
}

export const $recentSearches = atom<readonly RecentSearch[]>(readStored(RECENT_SEARCHES_KEY, parse) ?? []);

export function addRecentSearch(item: RecentSearch): void {
  const rest = $recentSearches.get().filter((r) => !(r.id === item.id && r.type === item.type));
  const next = [item, ...rest].slice(0, RECENT_SEARCHES_MAX);
  $recentSearches.set(next);
  writeStored(RECENT_SEARCHES_KEY, next);
}

export function clearRecentSearches(): void {
  $recentSearches.set([]);
  writeStored(RECENT_SEARCHES_KEY, null);
}
