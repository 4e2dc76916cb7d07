/**
 * Version 4 → 5: a Spotlight role belongs to a membership (decisions.md §5). A version 4
 * Spotlight user held one `role` for all their `companies`, so an admin of one company who changed
 * it changed what the user may do in every other company too. Each user's `companies` and `role`
 * become `memberships: [{company, role}]`, every membership keeping the role the user had (absent:
 * editor, as version 4 read it). Nothing else changes.
 *
 * Why a version: a version 4 LAMP reading a version 5 file would find no `companies` and lock
 * every member out of Spotlight (or, rolled back, write a shared role again). Version 5 makes it
 * refuse the file instead.
 *
 * The types are the two versions' shapes as they were: frozen, never edited when the current
 * shape (server/store/database.ts) moves on.
 */
import type { V4Document } from './v3-to-v4.ts';

type V4Role = 'viewer' | 'editor' | 'manager';

export interface V4SpotlightUser {
  companies?: string[];
  role?: V4Role;
  [field: string]: unknown;
}

export interface V5SpotlightUser {
  memberships: { company: string; role: V4Role }[];
  [field: string]: unknown;
}

export interface V5Document extends Omit<V4Document, 'schemaVersion'> {
  schemaVersion: 5;
}

const USERS = 'spotlight-user';

function membershipsOf(user: V4SpotlightUser): V5SpotlightUser {
  const { companies, role, ...fields } = user;
  // A company listed twice was one membership.
  const unique = [...new Set(companies ?? [])];
  return { ...fields, memberships: unique.map((company) => ({ company, role: role ?? 'editor' })) };
}

export function v4ToV5(document: V4Document): V5Document {
  const users = document.collections[USERS] as V4SpotlightUser[] | undefined;
  return {
    ...document,
    schemaVersion: 5,
    collections: users ? { ...document.collections, [USERS]: users.map(membershipsOf) } : document.collections,
  };
}
