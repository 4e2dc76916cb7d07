/**
 * Recent global searches (spec §3 "recentSearches: list of item ids", §9): in local storage, at
 * most 10, newest first. Only the ids are kept; the search modal resolves them to labels and
 * links when it shows them (src/app/shell/search.ts), so a renamed item shows its new name, and a
 * deleted or no longer accessible one drops out.
 */
import { atom } from 'nanostores';
import { RECENT_SEARCHES_MAX } from '../shared/constants.ts';
import { readStored, writeStored } from './storage.ts';

export const RECENT_SEARCHES_KEY = 'recentSearches';

/** Reads the stored list; entries of the earlier format ({id, type, label, href}) keep their id. */
export function parseRecentSearches(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const ids = value
    .map((entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : entry && typeof entry === 'object' && typeof (entry as { id?: unknown }).id === 'string'
          ? (entry as { id: string }).id
          : null,
    )
    .filter((id): id is string => !!id && id.length <= 100);
  return [...new Set(ids)].slice(0, RECENT_SEARCHES_MAX);
}

export const $recentSearches = atom<readonly string[]>(readStored(RECENT_SEARCHES_KEY, parseRecentSearches) ?? []);

export function addRecentSearch(id: string): void {
  const next = [id, ...$recentSearches.get().filter((other) => other !== id)].slice(0, RECENT_SEARCHES_MAX);
  $recentSearches.set(next);
  writeStored(RECENT_SEARCHES_KEY, next);
}
